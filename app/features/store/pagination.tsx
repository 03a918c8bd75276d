import { Link, useSearchParams } from "react-router";
import { useMessages } from "~/features/i18n/use-locale";

/** Page links that keep the search and the category (?q=&category=&page=). */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const m = useMessages("store");
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const next = new URLSearchParams(params);
    next.delete("item");
    if (target === 1) next.delete("page");
    else next.set("page", String(target));
    const query = next.toString();
    return query ? `?${query}` : ".";
  };
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter(
    (n) => n === 1 || n === pageCount || Math.abs(n - page) <= 2,
  );

  return (
    <nav aria-label={m.store.pagination} className="mt-10 flex flex-col items-center gap-3">
      <p className="text-sm text-muted">{m.store.pageOf(page, pageCount)}</p>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} className="btn btn-secondary" rel="prev">
              {m.store.previousPage}
            </Link>
          </li>
        )}
        {pages.map((n, index) => (
          <li key={n} className="flex items-center gap-2">
            {index > 0 && pages[index - 1] !== n - 1 && <span aria-hidden="true">…</span>}
            <Link
              to={href(n)}
              aria-label={m.store.goToPage(n)}
              aria-current={n === page ? "page" : undefined}
              className={`inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 font-semibold ${
                n === page ? "bg-accent text-on-accent" : "border border-border bg-surface hover:bg-surface-2"
              }`}
            >
              {n}
            </Link>
          </li>
        ))}
        {page < pageCount && (
          <li>
            <Link to={href(page + 1)} className="btn btn-secondary" rel="next">
              {m.store.nextPage}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
