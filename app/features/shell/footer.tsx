import { useRootData } from "~/root";
import { LEGAL_PATHS, type LegalPage } from "../../../domain/legal.ts";
import { LocalizedLink } from "../i18n/localized-link";
import { useLocale, useMessages } from "../i18n/use-locale";
import { useNavLabels } from "./header";
import { MailIcon, PhoneIcon } from "./icons";
import { SOCIAL_ICONS, socialLinks, useWeekHours } from "./studio-details";
import { telHref } from "../../../domain/studio-identity.ts";
import { colon } from "../../../domain/french.ts";

const FOOTER_PATHS = ["/store", "/services", "/inspirations", "/about", "/contact", "/links"] as const;

export function Footer() {
  const m = useMessages("common", "shell");
  const locale = useLocale();
  const labels = useNavLabels();
  const { studio } = useRootData();
  const hours = useWeekHours(studio.hours);
  return (
    <footer className="mt-24 border-t border-border bg-surface-2">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-bold">{studio.name}</p>
          {studio.tagline[locale] && <p className="mt-2 text-sm text-muted">{studio.tagline[locale]}</p>}
        </div>
        <nav aria-label={m.shell.footerNavigation}>
          <ul className="space-y-2 text-sm">
            {FOOTER_PATHS.map((path) => (
              <li key={path}>
                <LocalizedLink to={path} className="hover:text-accent">
                  {labels[path]}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-2 text-sm">
          <a href={telHref(studio.phone)} className="flex items-center gap-2 hover:text-accent">
            <PhoneIcon className="h-4 w-4" />
            <span className="sr-only">
              {m.shell.callUs}
              {colon(locale)}
            </span>
            {studio.phone}
          </a>
          <a href={`mailto:${studio.email}`} className="flex items-center gap-2 hover:text-accent">
            <MailIcon className="h-4 w-4" />
            <span className="sr-only">
              {m.shell.writeUs}
              {colon(locale)}
            </span>
            {studio.email}
          </a>
          <div className="flex gap-2 pt-2" aria-label={m.shell.follow} role="group">
            {socialLinks(studio.socials).map(({ network, url, name }) => {
              const Icon = SOCIAL_ICONS[network];
              return (
                <a key={network} href={url} className="icon-btn" aria-label={name} rel="noopener noreferrer">
                  <Icon />
                </a>
              );
            })}
          </div>
        </div>
        <div className="text-sm">
          <p className="font-semibold">{m.shell.hours}</p>
          <ul className="mt-2 space-y-1 text-muted">
            {hours.map((line) => (
              <li key={line}>{line}</li>
            ))}
            {studio.hoursNote[locale] && <li>{studio.hoursNote[locale]}</li>}
          </ul>
        </div>
      </div>
      <div className="border-t border-border px-4 py-4 text-center text-sm text-muted">
        <nav aria-label={m.shell.legalNavigation}>
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            {(Object.keys(LEGAL_PATHS) as LegalPage[]).map((page) => (
              <li key={page}>
                <LocalizedLink to={LEGAL_PATHS[page]} className="underline-offset-4 hover:text-accent hover:underline">
                  {m.shell.legalLinks[page]}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-3">{m.shell.copyright(new Date().getFullYear(), studio.name)}</p>
      </div>
    </footer>
  );
}
