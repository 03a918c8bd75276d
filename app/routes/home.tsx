import type { Route } from "./+types/home";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "~/i18n";
import { localeFromPath } from "~/lib/locale";

export function meta({ location }: Route.MetaArgs) {
  const m = messagesFor(localeFromPath(location.pathname));
  return [{ title: `${m.common.siteName} · ${m.common.tagline}` }];
}

export default function Home() {
  const m = useMessages();
  return (
    <section className="mx-auto max-w-4xl px-6 py-24 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{m.common.siteName}</h1>
      <p className="mt-4 text-lg text-muted">{m.common.tagline}</p>
      <LocalizedLink to="/contact" className="btn btn-primary mt-8">
        {m.shell.nav.contact}
      </LocalizedLink>
    </section>
  );
}
