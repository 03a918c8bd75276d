import { data } from "react-router";
import type { Route } from "./+types/contact";
import { useRootData } from "~/root";
import { ContactForm, type ContactActionResult } from "~/features/contact/contact-form";
import { useMessages } from "~/features/i18n/use-locale";
import { ClockIcon, PinIcon } from "~/features/marketing/icons";
import { PageHeader } from "~/features/marketing/section";
import { pageSeo } from "~/features/seo/page-seo";
import { InstagramIcon, MailIcon, PhoneIcon, YoutubeIcon } from "~/features/shell/icons";
import { messagesFor } from "~/i18n/messages.server";
import type { ContactField } from "~/lib/contact-fields";
import { localeFromPath } from "~/lib/locale";
import { submitContactForm } from "../../server/contact/contact.ts";
import { clientAddressContext } from "../../server/http/client-address.ts";
import { ApiError } from "../../server/http/errors.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

export const meta = (args: Route.MetaArgs) =>
  pageSeo(args, ["contact"], (m) => ({ title: m.contact.metaTitle, description: m.contact.metaDescription }));

/** The form posted without JavaScript: the same service as /api/submitContactForm. */
export async function action({ request, url, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const locale = localeFromPath(url.pathname);
  const m = messagesFor(locale).contact;
  const form = await request.formData();
  try {
    await submitContactForm(form, { clientAddress: context.get(clientAddressContext), locale });
    return data<ContactActionResult>({ status: "success" });
  } catch (error) {
    if (!(error instanceof ApiError)) console.error(error);
    const status = error instanceof ApiError ? error.status : 500;
    const fields = (error instanceof ApiError ? error.fields ?? {} : {}) as Partial<Record<ContactField, string>>;
    const values: Record<string, string | boolean> = { newsletter: form.get("newsletter") === "on" };
    for (const key of ["name", "email", "phone", "projectType", "message"]) values[key] = String(form.get(key) ?? "");
    const message = status === 429 ? m.tooMany : Object.keys(fields).length ? m.invalidForm : "";
    return data<ContactActionResult>({ status: "error", message, fields, values }, status);
  }
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const m = useMessages("contact");
  const c = m.contact;
  const { studio } = useRootData();
  return (
    <>
      <PageHeader title={c.title} intro={c.intro}>
        <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-surface-2 px-4 py-2 font-semibold">
          <ClockIcon className="h-5 w-5 text-accent" />
          {c.replyPromise}
        </p>
      </PageHeader>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="reach-title" className="card h-fit space-y-6">
          <h2 id="reach-title" className="text-2xl font-bold">
            {c.reachUs}
          </h2>
          <ul className="space-y-3">
            <li>
              <a href={`tel:${studio.phone.replace(/[^+\d]/g, "")}`} className="flex items-center gap-3 font-semibold hover:text-accent">
                <PhoneIcon className="h-5 w-5 text-accent" />
                <span>
                  <span className="block text-sm font-normal text-muted">{c.call}</span>
                  {studio.phone}
                </span>
              </a>
            </li>
            <li>
              <a href={`mailto:${studio.email}`} className="flex items-center gap-3 font-semibold hover:text-accent">
                <MailIcon className="h-5 w-5 text-accent" />
                <span>
                  <span className="block text-sm font-normal text-muted">{c.email}</span>
                  {studio.email}
                </span>
              </a>
            </li>
            <li className="flex items-center gap-3">
              <PinIcon className="h-5 w-5 shrink-0 text-accent" />
              <span>
                <span className="block text-sm text-muted">{c.location}</span>
                <span className="font-semibold">{c.locationText(studio.city)}</span>
              </span>
            </li>
          </ul>
          <div>
            <h3 className="font-bold">{c.hours}</h3>
            <ul className="mt-2 space-y-1 text-muted">
              <li>{c.hoursWeek}</li>
              <li>{c.hoursSaturday}</li>
              <li>{c.hoursAppointment}</li>
            </ul>
          </div>
          <div>
            <h3 className="font-bold">{c.follow}</h3>
            <ul className="mt-2 flex gap-2">
              <li>
                <a href={studio.instagram} className="btn btn-secondary" rel="noopener noreferrer">
                  <InstagramIcon /> Instagram
                </a>
              </li>
              <li>
                <a href={studio.youtube} className="btn btn-secondary" rel="noopener noreferrer">
                  <YoutubeIcon /> YouTube
                </a>
              </li>
            </ul>
          </div>
        </section>

        <section aria-labelledby="form-title" className="card">
          <h2 id="form-title" className="mb-4 text-2xl font-bold">
            {c.formTitle}
          </h2>
          <ContactForm initial={actionData} />
        </section>
      </div>

      <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-12">
        <h2 id="faq-title" className="text-3xl font-bold tracking-tight">
          {c.faqTitle}
        </h2>
        <div className="mt-6 space-y-3">
          {c.faq.map((entry) => (
            <details key={entry.question} className="group rounded-2xl border border-border bg-surface p-5">
              <summary className="cursor-pointer font-semibold">{entry.question}</summary>
              <p className="mt-3 text-muted">{entry.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  );
}
