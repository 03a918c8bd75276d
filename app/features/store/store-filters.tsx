import { useEffect, useId, useRef } from "react";
import { Form, useNavigate } from "react-router";
import { useMessages } from "~/features/i18n/use-locale";
import type { StoreCategory } from "../../../domain/catalogue-types.ts";

/**
 * Search words and category, kept in the address (?q=&category=) so that a search can be shared.
 * Without JavaScript it is a plain GET form; with it, empty parameters are left out, the
 * category applies as soon as it is chosen, and the results follow the words as they are typed
 * (one request once typing pauses, replacing the address rather than adding to the history).
 *
 * The search box is uncontrolled (its DOM value is the truth): words typed before the page's
 * JavaScript runs are kept at hydration, and searched as soon as the page is live.
 */
export const SEARCH_DEBOUNCE_MS = 300;

type CategoryChoice = Pick<StoreCategory, "id" | "slug" | "name">;

export function StoreFilters({
  q,
  category,
  categories,
}: {
  q: string;
  category: string;
  categories: CategoryChoice[];
}) {
  const m = useMessages("store");
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const categoryId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The words last searched from here: their results arriving must not undo what was typed since.
  const searched = useRef(q);
  useEffect(() => {
    // The address changed from elsewhere (back button, a link): show its words.
    if (q !== searched.current && input.current) input.current.value = q;
    searched.current = q;
  }, [q]);
  useEffect(() => () => clearTimeout(typing.current), []);
  // Hydration: words typed before the script ran are still in the box; search them now.
  useEffect(() => {
    const box = input.current;
    if (box?.form && box.value.trim() !== searched.current) go(box.form, { replace: true });
    // Once, when the page becomes live.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const go = (form: HTMLFormElement, options: { replace?: boolean } = {}) => {
    clearTimeout(typing.current);
    const data = new FormData(form);
    const params = new URLSearchParams();
    const words = String(data.get("q") ?? "").trim();
    const chosen = String(data.get("category") ?? "");
    if (options.replace && words === searched.current) return;
    searched.current = words;
    if (words) params.set("q", words);
    if (chosen) params.set("category", chosen);
    const query = params.toString();
    navigate(query ? `?${query}` : ".", { preventScrollReset: true, replace: options.replace });
  };

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      className="mt-6 grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        go(event.currentTarget);
      }}
    >
      <div>
        <label htmlFor={searchId} className="field-label">
          {m.store.searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          name="q"
          ref={input}
          defaultValue={q}
          maxLength={100}
          placeholder={m.store.searchPlaceholder}
          onChange={(event) => {
            const form = event.currentTarget.form;
            clearTimeout(typing.current);
            if (form) typing.current = setTimeout(() => go(form, { replace: true }), SEARCH_DEBOUNCE_MS);
          }}
          className="field-input"
        />
      </div>
      <div>
        <label htmlFor={categoryId} className="field-label">
          {m.store.categoryLabel}
        </label>
        <select
          id={categoryId}
          name="category"
          defaultValue={category}
          key={category}
          onChange={(event) => event.currentTarget.form && go(event.currentTarget.form)}
          className="field-input"
        >
          <option value="">{m.store.allCategories}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary">
        {m.store.searchButton}
      </button>
    </Form>
  );
}
