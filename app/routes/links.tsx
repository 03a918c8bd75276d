import type { Route } from "./+types/links";
import { useRootData } from "~/root";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { useNavLabels } from "~/features/shell/header";
import { InstagramIcon, YoutubeIcon } from "~/features/shell/icons";
import { Logo } from "~/features/shell/logo";

export const meta = ({ location }: Route.MetaArgs) => pageTitle(location.pathname, (m) => m.shell.nav.links);

const LINK_PATHS = ["/services", "/store", "/inspirations", "/contact"] as const;

export default function QuickLinks() {
  const m = useMessages();
  const labels = useNavLabels();
  const { studio } = useRootData();
  const linkClass = "flex items-center justify-center gap-2 rounded-2xl border border-border bg-surface px-6 py-4 font-semibold shadow-sm hover:border-accent hover:text-accent";
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col items-center px-6 py-16">
      <LocalizedLink to="/" aria-label={m.common.siteName}>
        <Logo className="h-20 w-20" />
      </LocalizedLink>
      <h1 className="mt-4 text-2xl font-bold">{m.common.siteName}</h1>
      <p className="mt-1 text-center text-muted">{m.common.tagline}</p>
      <ul className="mt-10 w-full space-y-3">
        {LINK_PATHS.map((path) => (
          <li key={path}>
            <LocalizedLink to={path} className={linkClass}>
              {labels[path]}
            </LocalizedLink>
          </li>
        ))}
        <li>
          <a href={studio.instagram} className={linkClass} rel="noopener noreferrer">
            <InstagramIcon /> Instagram
          </a>
        </li>
        <li>
          <a href={studio.youtube} className={linkClass} rel="noopener noreferrer">
            <YoutubeIcon /> YouTube
          </a>
        </li>
      </ul>
      <p className="mt-auto pt-12 text-sm text-muted">{m.shell.copyright(new Date().getFullYear(), m.common.siteName)}</p>
    </main>
  );
}
