import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { useMessages } from "~/features/i18n/use-locale";
import type { StoreCategory } from "~/lib/catalogue-types";

/**
 * Search words and category, kept in the address (?q=&category=) so that a search can be shared.
 * Without JavaScript it is a plain GET form; with it, empty parameters are left out and the
 * category applies as soon as it is chosen.
 */
export function StoreFilters({ q, category, categories }: { q: string; category: string; categories: StoreCategory[] }) {
  const m = useMessages("store");
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  const searchId = useId();
  const categoryId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => setText(q), [q]);

  const go = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const params = new URLSearchParams();
    const words = String(data.get("q") ?? "").trim();
    const chosen = String(data.get("category") ?? "");
    if (words) params.set("q", words);
    if (chosen) params.set("category", chosen);
    const query = params.toString();
    navigate(query ? `?${query}` : ".", { preventScrollReset: true });
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
          value={text}
          maxLength={100}
          placeholder={m.store.searchPlaceholder}
          onChange={(event) => setText(event.target.value)}
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
