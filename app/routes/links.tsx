import type { Route } from "./+types/links";
import { useRootData } from "~/root";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { pageSeo } from "~/features/seo/page-seo";
import { useNavLabels } from "~/features/shell/header";
import { SOCIAL_ICONS, socialLinks } from "~/features/shell/studio-details";

export const meta = (args: Route.MetaArgs) =>
  pageSeo(args, ["home", "shell"], (m, siteName) => ({
    title: m.shell.nav.links,
    description: m.home.linksMetaDescription(siteName),
  }));

const LINK_PATHS = ["/services", "/store", "/inspirations", "/contact"] as const;

/** The spec: the logo is chosen by the theme. */
const LOGOS = { light: "/images/brand/logo-light.svg", dark: "/images/brand/logo-dark.svg" } as const;

export default function QuickLinks() {
  const m = useMessages("common", "home", "shell");
  const labels = useNavLabels();
  const { studio, theme } = useRootData();
  const locale = useLocale();
  const linkClass =
    "flex items-center justify-center gap-2 rounded-2xl border border-border bg-surface px-6 py-4 font-semibold shadow-sm hover:border-accent hover:text-accent";
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col items-center px-6 py-16">
      <LocalizedLink to="/" aria-label={m.shell.nav.home}>
        {studio.logo ? (
          <img src={studio.logo} alt="" className="h-24 w-auto max-w-64 object-contain" />
        ) : theme === "system" ? (
          <picture>
            <source srcSet={LOGOS.dark} media="(prefers-color-scheme: dark)" />
            <img src={LOGOS.light} alt="" width={96} height={96} data-theme-logo="system" className="h-24 w-24" />
          </picture>
        ) : (
          <img src={LOGOS[theme]} alt="" width={96} height={96} data-theme-logo={theme} className="h-24 w-24" />
        )}
      </LocalizedLink>
      <h1 className="mt-4 text-2xl font-bold">{studio.name}</h1>
      {studio.tagline[locale] && <p className="mt-1 text-center text-muted">{studio.tagline[locale]}</p>}
      <ul className="mt-10 w-full space-y-3">
        {LINK_PATHS.map((path) => (
          <li key={path}>
            <LocalizedLink to={path} className={linkClass}>
              {labels[path]}
            </LocalizedLink>
          </li>
        ))}
        {socialLinks(studio.socials).map(({ network, url, name }) => {
          const Icon = SOCIAL_ICONS[network];
          return (
            <li key={network}>
              <a href={url} className={linkClass} rel="noopener noreferrer">
                <Icon /> {name}
              </a>
            </li>
          );
        })}
      </ul>
      <p className="mt-auto pt-12 text-sm text-muted">{m.shell.copyright(new Date().getFullYear(), studio.name)}</p>
    </main>
  );
}
