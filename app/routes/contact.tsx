import { data } from "react-router";
import type { Route } from "./+types/contact";
import { useRootData } from "~/root";
import { ContactForm, type ContactActionData, type ContactFormError } from "~/features/contact/contact-form";
import { validateContactForm } from "~/features/contact/contact-validation";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { ClockIcon, PinIcon } from "~/features/marketing/icons";
import { PageHeader } from "~/features/marketing/section";
import { pageSeo } from "~/features/seo/page-seo";
import { MailIcon, PhoneIcon } from "~/features/shell/icons";
import { SOCIAL_ICONS, socialLinks, useWeekHours } from "~/features/shell/studio-details";
import { FaqEntryView } from "~/features/contact/faq-entry";
import { frenchTypography } from "../../domain/french-typography.ts";
import { localBusinessJsonLd, telHref, upcomingClosures } from "../../domain/studio-identity.ts";
import { contactInputFrom } from "../../domain/contact.ts";
import { taxDate } from "../../domain/tax.ts";
import { config } from "../../server/config.ts";
import { publishedFaq } from "../../server/content/faq.ts";
import { publicStudioIdentity } from "../../server/settings/studio-identity.ts";
import { intlLocale, localeFromPath, localizePath } from "../../domain/locale.ts";
import { getSessionUser } from "../../server/auth/session.ts";
import { submitContactForm } from "../../server/contact/contact.ts";
import { clientAddressContext } from "../../server/http/client-address.ts";
import { DomainError } from "../../server/errors.ts";
import { ApiError } from "../../server/http/errors.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

export const meta = (args: Route.MetaArgs) => [
  ...pageSeo(args, ["contact"], (m, siteName) => ({
    title: m.contact.metaTitle,
    description: m.contact.metaDescription(siteName),
  })),
  { "script:ld+json": args.loaderData?.business },
];

/** The FAQ in the page's language (Admin → FAQ), the closures to come, and the studio for search engines. */
export async function loader({ url }: Route.LoaderArgs) {
  const locale = localeFromPath(url.pathname);
  const identity = await publicStudioIdentity();
  const today = taxDate(new Date());
  return {
    faq: await publishedFaq(locale),
    closures: upcomingClosures(identity.closures, today),
    business: localBusinessJsonLd(identity, {
      url: new URL(localizePath("/contact", locale), config.publicUrl).toString(),
      today,
    }),
  };
}

/** The contact form, with or without JavaScript: the service behind /api/submitContactForm. */
export async function action({ request, url, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const submission = validateContactForm(form);
  if (submission.status !== "success") {
    return data<ContactActionData>(
      { result: submission.reply({ formErrors: ["invalidForm" satisfies ContactFormError] }) },
      400,
    );
  }
  try {
    const { copyTo } = await submitContactForm(contactInputFrom(form), {
      clientAddress: context.get(clientAddressContext),
      senderUserId: (await getSessionUser(request.headers))?.id,
      locale: localeFromPath(url.pathname),
    });
    return data<ContactActionData>({
      result: submission.reply({ resetForm: true }),
      sent: { message: submission.value.message, copyTo },
    });
  } catch (error) {
    const status = error instanceof ApiError || error instanceof DomainError ? error.status : 500;
    if (status >= 500) console.error(error);
    const failure: ContactFormError = status === 429 ? "tooMany" : "failed";
    return data<ContactActionData>({ result: submission.reply({ formErrors: [failure] }) }, status);
  }
}

/** The server did not answer (network, a proxy's error page): the form says it failed and keeps what was typed. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ContactActionData> {
  try {
    return await serverAction();
  } catch {
    return { result: { status: "error", error: { "": ["failed" satisfies ContactFormError] } } };
  }
}

export default function Contact({ actionData, loaderData }: Route.ComponentProps) {
  const m = useMessages("contact");
  const c = m.contact;
  const locale = useLocale();
  const { studio } = useRootData();
  const hours = useWeekHours(studio.hours);
  const { faq, closures } = loaderData;
  const day = (date: string) =>
    new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(`${date}T12:00:00Z`),
    );
  const label = (closure: (typeof closures)[number]) =>
    locale === "fr" ? frenchTypography(closure.label.fr) : closure.label.en;
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
              <a href={telHref(studio.phone)} className="flex items-center gap-3 font-semibold hover:text-accent">
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
                {studio.street && <span className="block font-semibold">{studio.street}</span>}
                <span className="font-semibold">{c.locationText(studio.city)}</span>
              </span>
            </li>
          </ul>
          <div>
            <h3 className="font-bold">{c.hours}</h3>
            <ul className="mt-2 space-y-1 text-muted">
              {hours.map((line) => (
                <li key={line}>{line}</li>
              ))}
              {studio.hoursNote[locale] && <li>{studio.hoursNote[locale]}</li>}
            </ul>
          </div>
          {closures.length > 0 && (
            <div>
              <h3 className="font-bold">{c.closuresTitle}</h3>
              <ul className="mt-2 space-y-1 text-muted">
                {closures.map((closure) => (
                  <li key={`${closure.from}-${closure.to}`}>
                    {c.closureDates(day(closure.from), day(closure.to))}
                    {label(closure) && <span>{` · ${label(closure)}`}</span>}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div>
            <h3 className="font-bold">{c.follow}</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {socialLinks(studio.socials).map(({ network, url, name }) => {
                const Icon = SOCIAL_ICONS[network];
                return (
                  <li key={network}>
                    <a href={url} className="btn btn-secondary" rel="noopener noreferrer">
                      <Icon /> {name}
                    </a>
                  </li>
                );
              })}
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
          {faq.map((entry) => (
            <FaqEntryView key={entry.id} question={entry.question} answerHtml={entry.answerHtml} />
          ))}
        </div>
      </section>
    </>
  );
}
