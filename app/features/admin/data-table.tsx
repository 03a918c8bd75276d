import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useMessages } from "~/features/i18n/use-locale";
import { PageNav } from "./page-nav";

/**
 * The admin's one data table (docs/decisions/047-admin-data-table.md): columns, sorting and paging
 * kept in the address (?sort=&dir=&page=, the page's other parameters kept), so that every view
 * can be shared, reloaded and used without JavaScript; an empty state; and, under 640 px, each row
 * as a card whose cells carry their column's name, so that nothing scrolls sideways at 360 px.
 * The server sorts and pages (the loader reads the same parameters); this only draws.
 */
export type DataColumn<Row> = {
  /** Stable id of the column; also its `sort` value in the address when `sortable`. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Numbers and money line up on the right. */
  numeric?: boolean;
  /** The row's title: a card's heading on phones, a row header (`<th scope="row">`) for screen readers. */
  primary?: boolean;
  /** The row's buttons: a header only screen readers hear, no label on phones, at the end of the row. */
  actions?: boolean;
};

export type DataSort = { id: string; dir: "asc" | "desc" };

type Props<Row> = {
  caption: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Without it, no column offers sorting (a short list in the order the server gives). */
  sort?: DataSort;
  page?: number;
  pages?: number;
  /** Shown instead of the table when there is no row. */
  empty: ReactNode;
  /** The direction a column is sorted in first (default: ascending for text, descending for numbers). */
  firstDir?: (column: DataColumn<Row>) => "asc" | "desc";
};

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  page = 1,
  pages = 1,
  empty,
  firstDir,
}: Props<Row>) {
  const t = useMessages("admin").admin.dataTable;
  const [params] = useSearchParams();
  const href = (change: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) next.set(key, value);
    if (next.get("page") === "1") next.delete("page");
    return `?${next}`;
  };
  const initialDir = (column: DataColumn<Row>) => firstDir?.(column) ?? (column.numeric ? "desc" : "asc");
  const sortedColumn = sort && columns.find((column) => column.id === sort.id);

  if (rows.length === 0) return <div className="card mt-6 text-muted">{empty}</div>;
  return (
    <div className="mt-6">
      <div className="rounded-2xl border border-border bg-surface sm:overflow-x-auto">
        <table className="w-full text-left text-sm max-sm:block">
          <caption className="sr-only">
            {caption}
            {sortedColumn
              ? `. ${t.sortedBy(sortedColumn.header, sort.dir === "asc" ? t.ascending : t.descending)}`
              : ""}
          </caption>
          <thead className="border-b border-border bg-surface-2 max-sm:block">
            <tr className="max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:px-2">
              {columns.map((column) => {
                const active = column.id === sort?.id;
                const dir = active ? (sort?.dir === "asc" ? "desc" : "asc") : initialDir(column);
                const sortable = sort && column.sortable;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={active ? (sort?.dir === "asc" ? "ascending" : "descending") : undefined}
                    className={`px-3 py-2 font-semibold max-sm:px-1 ${column.numeric ? "sm:text-right" : ""} ${sortable ? "" : "max-sm:hidden"}`}
                  >
                    {sortable ? (
                      <Link
                        to={href({ sort: column.id, dir, page: "1" })}
                        preventScrollReset
                        className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
                        aria-label={`${t.sortBy(column.header)}, ${dir === "asc" ? t.ascending : t.descending}`}
                      >
                        {column.header}
                        <span aria-hidden="true" className={active ? "text-accent" : "text-muted"}>
                          {active ? (sort?.dir === "asc" ? "▲" : "▼") : "↕"}
                        </span>
                      </Link>
                    ) : column.actions ? (
                      <span className="sr-only">{column.header}</span>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                className="border-b border-border last:border-0 max-sm:block max-sm:px-3 max-sm:py-2"
              >
                {columns.map((column) => {
                  const Cell = column.primary ? "th" : "td";
                  return (
                    <Cell
                      key={column.id}
                      scope={column.primary ? "row" : undefined}
                      data-label={column.actions ? undefined : column.header}
                      className={`px-3 py-2 align-top font-normal max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:px-0 max-sm:py-0.5 ${
                        column.primary
                          ? "text-left max-sm:text-base max-sm:font-semibold"
                          : column.actions
                            ? "max-sm:justify-end max-sm:pt-2"
                            : "max-sm:before:font-semibold max-sm:before:text-muted max-sm:before:content-[attr(data-label)]"
                      } ${column.numeric ? "sm:text-right" : ""} min-w-0 break-words`}
                    >
                      {column.cell(row)}
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PageNav page={page} pages={pages} />
    </div>
  );
}
