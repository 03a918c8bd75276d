import {
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/store";
import { CartOutcome } from "~/features/cart/cart-contents";
import { useMessages } from "~/features/i18n/use-locale";
import { ItemCard, QUICK_ADD } from "~/features/store/item-card";
import { LazyItemDialog } from "~/features/store/lazy-item-dialog";
import { Pagination } from "~/features/store/pagination";
import { StoreFilters } from "~/features/store/store-filters";
import type { StoreItem } from "../../domain/catalogue-types.ts";
import type { CartFormResult } from "../../domain/cart.ts";
import { readMessages } from "~/i18n/catalogue";
import { localeFromPath } from "../../domain/locale.ts";
import { savedSiteName, sharePicture } from "~/features/seo/site-name";
import { seoMeta } from "~/lib/seo";
import { SLUG_PATTERN } from "../../domain/slug.ts";
import { readStoreQuery } from "../../domain/store-query.ts";
import { findVisibleItem, listCategories, listItems } from "../../server/catalogue/catalogue.ts";

/** ?q=&category=&page= select the grid; ?item= opens an item's dialog over it (a shareable address). */
function readParams(url: URL) {
  const item = url.searchParams.get("item") ?? "";
  return { ...readStoreQuery(url.searchParams), item: SLUG_PATTERN.test(item) ? item : "" };
}

export async function loader({ url }: Route.LoaderArgs) {
  const locale = localeFromPath(url.pathname);
  const params = readParams(url);
  const [list, categories] = await Promise.all([
    listItems({ q: params.q, category: params.category || undefined, page: params.page, locale }),
    listCategories(locale),
  ]);
  const selected = params.item
    ? (list.items.find((item) => item.slug === params.item) ?? (await findVisibleItem(params.item, locale)) ?? null)
    : null;
  // The filter shows each category's name only: its description stays out of the page's data.
  const choices = categories.map(({ id, slug, name }) => ({ id, slug, name }));
  return { q: params.q, category: params.category, list, categories: choices, selected };
}

/** Opening or closing the item dialog only changes ?item=: the grid stays as it is. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("item");
    params.sort();
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
}

export function meta({ location, matches }: Route.MetaArgs) {
  const locale = localeFromPath(location.pathname);
  const m = readMessages(locale, ["store", "common"]);
  const siteName = savedSiteName({ matches }, m);
  const root = matches.find((match) => match?.id === "root")?.loaderData as { publicUrl: string } | undefined;
  return seoMeta({
    pathname: location.pathname,
    origin: root?.publicUrl ?? "http://localhost",
    locale,
    title: `${m.store.title} · ${siteName}`,
    description: m.store.metaDescription,
    siteName,
    image: sharePicture({ matches }, m),
  });
}

export default function Store() {
  const m = useMessages("cart", "common", "store");
  const { q, category, list, categories, selected } = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const notice = useFetcher<CartFormResult>({ key: QUICK_ADD }).data;

  const itemSlug = searchParams.get("item");
  const open: StoreItem | undefined = itemSlug
    ? (list.items.find((item) => item.slug === itemSlug) ?? (selected?.slug === itemSlug ? selected : undefined))
    : undefined;

  const location = useLocation();
  const navigate = useNavigate();
  const openItem = (slug: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set("item", slug);
        return next;
      },
      { preventScrollReset: true, state: { itemDialog: true } },
    );
  const closeItem = () => {
    // Opened from the grid: going back restores the address before it. Opened from a shared link: drop ?item=.
    if ((location.state as { itemDialog?: boolean } | null)?.itemDialog) return navigate(-1);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete("item");
        return next;
      },
      { preventScrollReset: true, replace: true },
    );
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-extrabold tracking-tight">{m.store.title}</h1>
      <p className="mt-2 max-w-2xl text-muted">{m.store.intro}</p>

      <StoreFilters q={q} category={category} categories={categories} />

      <p role="status" className="mt-6 text-sm font-semibold" data-testid="result-count">
        {m.store.resultCount(list.total)}
        {q ? ` ${m.store.resultsFor(q)}` : ""}
      </p>
      <p role="status" aria-live="polite" className="min-h-6 text-sm">
        <CartOutcome result={notice} />
      </p>

      {list.items.length === 0 ? (
        <div className="card mt-4 text-center">
          <p>{m.store.noResults}</p>
        </div>
      ) : (
        <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {list.items.map((item, index) => (
            <ItemCard key={item.id} item={item} eager={index < 4} onOpen={(it) => openItem(it.slug)} />
          ))}
        </ul>
      )}

      <Pagination page={list.page} pageCount={list.pageCount} />
      <LazyItemDialog item={open} onClose={closeItem} />
    </section>
  );
}
