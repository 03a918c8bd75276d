import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = (args: Route.MetaArgs) => pageTitle(args, "common", (m) => m.common.notFoundTitle);

export default function NotFound() {
  const m = useMessages("common");
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center">
      <p className="text-6xl font-black text-accent" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{m.common.notFoundTitle}</h1>
      <p className="mt-4 text-muted">{m.common.notFoundText}</p>
      <LocalizedLink to="/" className="btn btn-primary mt-8">
        {m.common.backHome}
      </LocalizedLink>
    </section>
  );
}
