import type { Route } from "./+types/services";
import { useRootData } from "~/root";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { CheckIcon, PrinterIcon, ScanIcon, SpoolIcon } from "~/features/marketing/icons";
import { SERVICE_PRICES } from "~/features/marketing/prices";
import { CallToAction, PageHeader } from "~/features/marketing/section";
import { pageSeo } from "~/features/seo/page-seo";
import { formatMoney } from "../../domain/money.ts";

export const meta = (args: Route.MetaArgs) =>
  pageSeo(args, ["services"], (m) => ({ title: m.services.metaTitle, description: m.services.metaDescription }));

export default function Services() {
  const m = useMessages("services");
  const locale = useLocale();
  const { currency } = useRootData();
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const s = m.services;

  const offers = [
    { key: "scanning", icon: <ScanIcon />, ...s.scanning, price: s.scanning.price(money(SERVICE_PRICES.scan)) },
    { key: "printing", icon: <PrinterIcon />, ...s.printing, price: s.printing.price(money(SERVICE_PRICES.print)) },
    { key: "materials", icon: <SpoolIcon />, ...s.materials, price: s.materials.note },
  ];

  return (
    <>
      <PageHeader title={s.title} intro={s.intro} />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 lg:grid-cols-3">
        {offers.map((offer) => (
          <section key={offer.key} aria-labelledby={`service-${offer.key}`} className="card flex flex-col">
            <span className="inline-flex self-start rounded-xl bg-surface-2 p-3 text-accent">{offer.icon}</span>
            <h2 id={`service-${offer.key}`} className="mt-4 text-2xl font-bold">
              {offer.title}
            </h2>
            <p className="mt-2 text-muted">{offer.description}</p>
            <ul className="mt-5 flex-1 space-y-2">
              {offer.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-success" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <p
              className={`mt-6 rounded-xl bg-surface-2 px-4 py-3 ${offer.key === "materials" ? "text-sm text-muted" : "font-bold"}`}
              data-testid={`price-${offer.key}`}
            >
              {offer.price}
            </p>
            {offer.key === "printing" && (
              <LocalizedLink to="/quote" className="btn btn-primary mt-4 self-start">
                {s.quoteCta}
              </LocalizedLink>
            )}
          </section>
        ))}
      </div>

      <section aria-labelledby="accuracy-title" className="mx-auto max-w-6xl px-4 py-10">
        <div className="flex flex-col items-center gap-6 rounded-3xl border border-border bg-surface p-8 text-center sm:flex-row sm:text-left">
          <p className="text-5xl font-black text-accent" aria-hidden="true">
            {s.accuracyValue}
          </p>
          <div>
            <h2 id="accuracy-title" className="text-2xl font-bold">
              {s.accuracyTitle}
            </h2>
            <p className="mt-2 text-muted">{s.accuracyText}</p>
          </div>
        </div>
      </section>

      <CallToAction id="services-cta" title={s.ctaTitle} text={s.ctaText} button={s.ctaButton} />
    </>
  );
}
