import { data, isRouteErrorResponse, useLoaderData } from "react-router";
import type { Route } from "./+types/store-item";
import { SLUG_PATTERN } from "../../domain/slug.ts";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { ItemDetails } from "~/features/store/item-details";
import { productJsonLd } from "~/features/store/product-json-ld";
import { readMessages } from "~/i18n/catalogue";
import { localeFromPath } from "../../domain/locale.ts";
import { savedSiteName } from "~/features/seo/site-name";
import { metaDescription, seoMeta } from "~/lib/seo";
import { findVisibleItem } from "../../server/catalogue/catalogue.ts";

/** An item's own page, rendered on the server. Hidden and unknown items are 404, in the page's language. */
export async function loader({ params, url }: Route.LoaderArgs) {
  const locale = localeFromPath(url.pathname);
  const item = SLUG_PATTERN.test(params.slug) ? await findVisibleItem(params.slug, locale) : undefined;
  if (!item) throw data(null, { status: 404 });
  return { item };
}

export function meta({ location, matches, loaderData }: Route.MetaArgs) {
  const locale = localeFromPath(location.pathname);
  if (!loaderData) return pageTitle({ location, matches }, "store", (m) => m.store.itemNotFoundTitle);
  const m = readMessages(locale, ["store", "common"]);
  const siteName = savedSiteName({ matches }, m);
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    { publicUrl: string; currency: string } | undefined;
  const origin = root?.publicUrl ?? "http://localhost";
  const { item } = loaderData;
  return [
    ...seoMeta({
      pathname: location.pathname,
      origin,
      locale,
      title: `${item.name} · ${m.store.title} · ${siteName}`,
      description: metaDescription(item.description),
      siteName,
      image: item.images.main,
      type: "product",
    }),
    { "script:ld+json": productJsonLd(item, { origin, locale, currency: root?.currency ?? "CAD" }) },
  ];
}

export default function StoreItemPage() {
  const m = useMessages("common", "store");
  const { item } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <LocalizedLink to="/store" className="font-semibold text-accent underline">
          <span aria-hidden="true">← </span>
          {m.store.backToStore}
        </LocalizedLink>
      </div>
      <ItemDetails item={item} heading="h1" />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const m = useMessages("common", "store");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? m.store.itemNotFoundTitle : m.common.errorTitle}</h1>
      <p className="mt-4 text-muted">{notFound ? m.store.itemNotFoundText : m.common.errorText}</p>
      <LocalizedLink to="/store" className="btn btn-primary mt-8">
        {m.store.backToStore}
      </LocalizedLink>
    </section>
  );
}
