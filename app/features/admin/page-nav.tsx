import { Link, useSearchParams } from "react-router";
import { useMessages } from "~/features/i18n/use-locale";

/**
 * "Previous page · Page 2 of 5 · Next page" for a list the server pages: the page is kept in the
 * address (`param`, the page's other parameters kept), so it works without JavaScript.
 */
export function PageNav({
  page,
  pages,
  param = "page",
  hash = "",
  label,
}: {
  page: number;
  pages: number;
  param?: string;
  /** The navigation's name, where a page has two lists with pages ("Pages" otherwise). */
  label?: string;
  /** Where the new page opens (`#outbox`), when the list is not at the top of its page. */
  hash?: string;
}) {
  const t = useMessages("admin").admin.dataTable;
  const [params] = useSearchParams();
  if (pages <= 1) return null;
  const href = (to: number) => {
    const next = new URLSearchParams(params);
    if (to === 1) next.delete(param);
    else next.set(param, String(to));
    return `?${next}${hash}`;
  };
  return (
    <nav aria-label={label ?? t.pages} className="mt-4 flex flex-wrap items-center gap-3">
      {page > 1 && (
        <Link to={href(page - 1)} className="btn btn-secondary px-3 py-1.5 text-sm">
          {t.previous}
        </Link>
      )}
      <span className="text-sm text-muted" aria-current="page">
        {t.pageOf(page, pages)}
      </span>
      {page < pages && (
        <Link to={href(page + 1)} className="btn btn-secondary px-3 py-1.5 text-sm">
          {t.next}
        </Link>
      )}
    </nav>
  );
}
