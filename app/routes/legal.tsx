import { useLocation } from "react-router";
import type { Route } from "./+types/legal";
import { useRootData } from "~/root";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { PageHeader } from "~/features/marketing/section";
import { pageSeo } from "~/features/seo/page-seo";
import type { LegalStudio } from "../../messages/en/legal.ts";
import { LEGAL_UPDATED, legalPageAt } from "../../domain/legal.ts";

/** The privacy policy, the terms of sale and the return policy: one module, three addresses. */
export const meta = (args: Route.MetaArgs) => {
  const page = legalPageAt(args.location.pathname) ?? "privacy";
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as { studio?: LegalStudio } | undefined;
  return pageSeo(args, ["legal"], (m) => {
    const document = m.legal[page](root?.studio ?? { name: "", email: "", phone: "", city: "" });
    return { title: document.title, description: document.description };
  });
};

export default function Legal() {
  const m = useMessages("legal");
  const locale = useLocale();
  const { studio } = useRootData();
  const page = legalPageAt(useLocation().pathname) ?? "privacy";
  const document = m.legal[page](studio);
  const updated = new Intl.DateTimeFormat(locale === "fr" ? "fr-CA" : "en-CA", {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(new Date(LEGAL_UPDATED));
  return (
    <article>
      <PageHeader title={document.title} intro={document.intro}>
        <p className="mt-4 text-sm text-muted">{m.legal.updated(updated)}</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-10">
        <div className="max-w-3xl space-y-10">
          {document.sections.map((section, index) => (
            <section key={section.heading} aria-labelledby={`legal-${index}`}>
              <h2 id={`legal-${index}`} className="text-2xl font-bold">
                {section.heading}
              </h2>
              <div className="mt-3 space-y-3 text-lg leading-relaxed">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
