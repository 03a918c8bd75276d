import type { Route } from "./+types/services";
import { useRootData } from "~/root";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { Fact, OfferCard } from "~/features/marketing/page-sections";
import { CallToAction, PageHeader } from "~/features/marketing/section";
import { pageSeo } from "~/features/seo/page-seo";
import { localeFromPath } from "../../domain/locale.ts";
import { formatMoney } from "../../domain/money.ts";
import { publishedSections } from "../../server/content/page-sections.ts";
import { printableFacts } from "../../server/quotes/printable-facts.ts";

export const meta = (args: Route.MetaArgs) =>
  pageSeo(args, ["services"], (m, siteName) => ({
    title: m.services.metaTitle,
    description: m.services.metaDescription(siteName),
  }));

/** The owner's offers (Admin → Services), and what the printers take, from the printer and Admin → Materials. */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const [offers, facts] = await Promise.all([publishedSections("services", locale), printableFacts(locale)]);
  return { offers, facts };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const s = useMessages("services").services;
  const locale = useLocale();
  const { currency } = useRootData();
  const { offers, facts } = loaderData;
  const size = `${facts.largestPartMm.x} × ${facts.largestPartMm.y} × ${facts.largestPartMm.z} mm`;
  return (
    <>
      <PageHeader title={s.title} intro={offers.length > 0 ? s.intro : s.empty} />
      {offers.length > 0 && (
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 lg:grid-cols-3">
          {offers.map((offer) => (
            <OfferCard
              key={offer.id}
              section={offer}
              price={offer.priceCents === null ? undefined : s.from(formatMoney(offer.priceCents, currency, locale))}
            />
          ))}
        </div>
      )}
      <section aria-labelledby="facts-title" className="mx-auto max-w-6xl px-4 py-10">
        <div className="flex flex-col gap-6 rounded-3xl border border-border bg-surface p-8 sm:flex-row sm:items-center">
          <div className="flex-1">
            <h2 id="facts-title" className="text-2xl font-bold">
              {s.factsTitle}
            </h2>
            <ul className="mt-4 space-y-2">
              <Fact>{s.largestPart(size)}</Fact>
              {facts.materials && <Fact>{s.materials(facts.materials)}</Fact>}
            </ul>
          </div>
          <LocalizedLink to="/quote" className="btn btn-primary self-start sm:self-center">
            {s.quoteCta}
          </LocalizedLink>
        </div>
      </section>
      <CallToAction id="services-cta" title={s.ctaTitle} text={s.ctaText} button={s.ctaButton} />
    </>
  );
}
