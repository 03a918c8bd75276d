import type { ReactNode } from "react";
import { Form } from "react-router";
import { LocalizedLink } from "../i18n/localized-link";
import { Badge } from "./ui";

/** The words of an ordered list of content (the home page's cards, the FAQ, the About and Services sections). */
export type OrderedListWords = {
  published: string;
  draft: string;
  frenchMissing: string;
  edit: (title: string) => string;
  moveUp: (title: string) => string;
  moveDown: (title: string) => string;
  publish: (title: string) => string;
  unpublish: (title: string) => string;
  deleteMenu: string;
  deleteConfirm: (title: string) => string;
  deleteButton: (title: string) => string;
};

const smallButton = "btn btn-secondary px-3 py-1.5 text-sm";

/**
 * One entry of an admin's ordered list: its number, title and state, then its controls, each a
 * plain form post to the page's action (intents "up", "down", "publish", "unpublish", "delete").
 * `stamp` is the version the row was loaded at, so that a stale publish (or delete) is refused.
 */
export function OrderedListItem({
  id,
  title,
  published,
  french,
  index,
  count,
  editTo,
  stamp,
  stampDelete = false,
  busy,
  words,
  badges,
}: {
  id: number;
  title: string;
  published: boolean;
  /** The French is written: the entry is shown on /fr too. */
  french: boolean;
  index: number;
  count: number;
  editTo: string;
  stamp: { name: string; value: string | number };
  /** The delete is refused too when the entry changed since it was loaded. */
  stampDelete?: boolean;
  busy: boolean;
  words: OrderedListWords;
  /** Shown before the published badge. */
  badges?: ReactNode;
}) {
  const stampField = <input type="hidden" name={stamp.name} value={stamp.value} />;
  return (
    <li className="space-y-2 border-t border-border pt-3 first:border-0 first:pt-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold break-words">
          {index + 1}. {title}
        </span>
        {badges}
        <Badge tone={published ? "success" : "neutral"}>{published ? words.published : words.draft}</Badge>
        {!french && <Badge tone="warning">{words.frenchMissing}</Badge>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <LocalizedLink to={editTo} className={smallButton}>
          <span aria-hidden="true">✎</span>
          <span className="sr-only">{words.edit(title)}</span>
        </LocalizedLink>
        {(["up", "down"] as const).map((direction) => (
          <Form method="post" key={direction}>
            <input type="hidden" name="intent" value={direction} />
            <input type="hidden" name="id" value={id} />
            <button
              type="submit"
              className={smallButton}
              disabled={busy || (direction === "up" ? index === 0 : index === count - 1)}
              aria-label={direction === "up" ? words.moveUp(title) : words.moveDown(title)}
            >
              {direction === "up" ? "↑" : "↓"}
            </button>
          </Form>
        ))}
        <Form method="post">
          <input type="hidden" name="intent" value={published ? "unpublish" : "publish"} />
          <input type="hidden" name="id" value={id} />
          {stampField}
          <button type="submit" className={smallButton} disabled={busy}>
            {published ? words.unpublish(title) : words.publish(title)}
          </button>
        </Form>
        <details>
          <summary className={`${smallButton} cursor-pointer text-danger`}>{words.deleteMenu}</summary>
          <Form method="post" className="mt-2 space-y-2 rounded-lg border border-border bg-surface-2 p-3">
            <p className="text-sm">{words.deleteConfirm(title)}</p>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={id} />
            {stampDelete && stampField}
            <button
              type="submit"
              className="btn bg-danger px-3 py-1.5 text-sm text-surface hover:opacity-90"
              disabled={busy}
            >
              {words.deleteButton(title)}
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}
