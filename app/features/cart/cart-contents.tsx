import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useLocale, useLocalizedPath, useMessages } from "~/features/i18n/use-locale";
import type { CartFormResult } from "../../../domain/cart.ts";
import { useRootData } from "~/root";
import type { CartCustomLine, CartViewLine } from "../../../domain/cart-view.ts";
import { MinusIcon, PlusIcon, TrashIcon } from "./icons";
import { useMoney } from "./use-money";

/** The cart as the server rendered it with the page (the root loader), fresh after every cart form. */
export function useServerCart() {
  return useRootData().cart;
}

/** Where every cart form posts: the /cart route's action, in the page's language. */
export function useCartAction(): string {
  return useLocalizedPath()("/cart");
}

/** A cart form's answer, coloured by its tone. */
export function CartOutcome({ result, className = "" }: { result: CartFormResult | undefined; className?: string }) {
  if (!result?.message) return null;
  const tone = result.tone === "error" ? "text-danger" : result.tone === "warning" ? "text-warning" : "text-success";
  return <span className={`font-semibold ${tone} ${className}`}>{result.message}</span>;
}

/**
 * The cart's lines, total and buttons: the /cart page shows it, and the drawer shows the same.
 * Every control is a form posting to the /cart action, so it works before (and without) JavaScript;
 * when the page runs, a fetcher sends it and the page stays put. `outcome` is the answer of a form
 * posted without JavaScript (the /cart page shows it).
 */
export function CartContents({ outcome }: { outcome?: CartFormResult }) {
  const m = useMessages("cart");
  const money = useMoney();
  const cart = useServerCart();
  const action = useCartAction();
  const clearing = useFetcher<CartFormResult>();
  // A quantity change's answer goes with its line; the others (add, remove, clear) above the list.
  const onLine = (result: CartFormResult | undefined) =>
    result?.itemId &&
    ["set", "increment", "decrement"].includes(result.intent) &&
    cart.lines.some((line) => line.itemId === result.itemId);
  const pageOutcome = outcome && !onLine(outcome) ? outcome : undefined;
  const shown = clearing.data ?? pageOutcome;
  const empty = cart.lines.length === 0 && cart.customLines.length === 0;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <p role="status" aria-live="polite" className="min-h-6 text-sm">
        <CartOutcome result={shown} />
      </p>
      {empty ? (
        <p className="mt-4 text-muted">{m.cart.empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {cart.lines.map((line) => (
            <CartLineRow
              key={line.itemId}
              line={line}
              pageOutcome={onLine(outcome) && outcome?.itemId === line.itemId ? outcome : undefined}
            />
          ))}
          {cart.customLines.map((line) => (
            <CustomLineRow key={line.quoteId} line={line} />
          ))}
        </ul>
      )}
      <div className="mt-auto border-t border-border pt-4">
        {empty ? (
          <LocalizedLink to="/store" className="btn btn-secondary w-full">
            {m.cart.continueShopping}
          </LocalizedLink>
        ) : (
          <>
            <p className="flex items-baseline justify-between text-lg font-bold">
              <span>{m.cart.total}</span>
              <span data-testid="cart-total">{money(cart.totalCents)}</span>
            </p>
            <p className="mt-1 text-sm text-muted">{m.cart.totalNote}</p>
            <div className="mt-4 flex gap-3">
              <clearing.Form method="post" action={action}>
                <input type="hidden" name="intent" value="clear" />
                <button type="submit" className="btn btn-secondary">
                  {m.cart.clear}
                </button>
              </clearing.Form>
              <LocalizedLink to="/store/checkout" className="btn btn-primary flex-1">
                {m.cart.checkout}
              </LocalizedLink>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function CartLineRow({ line, pageOutcome }: { line: CartViewLine; pageOutcome?: CartFormResult }) {
  const m = useMessages("cart", "store");
  const locale = useLocale();
  const money = useMoney();
  const action = useCartAction();
  const fetcher = useFetcher<CartFormResult>();
  const name = line.name[locale] || line.name.en;
  // Not useId: /cart's content is also rendered on its own, to be spliced into the shared frame (decision 060).
  const inputId = `cart-quantity-${line.itemId}`;
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);

  // An answer is about the line as it was: once its quantity changes, an old error goes away.
  const [answeredAt, setAnsweredAt] = useState<number | null>(null);
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setAnsweredAt(line.quantity);
    setAnswers((n) => n + 1); // the quantity box shows the server's quantity again
    // Only a new answer sets the mark.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);
  const shown = (fetcher.data && answeredAt === line.quantity ? fetcher.data : undefined) ?? pageOutcome;
  const atLimit = line.state !== "ok" || line.quantity >= line.available;
  const lineForm = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="itemId" value={line.itemId} />
    </>
  );

  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      <img
        src={line.image}
        alt=""
        width={96}
        height={72}
        className="h-18 w-24 shrink-0 rounded-lg bg-surface-2 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          <LocalizedLink to={`/store/${line.slug}`} className="hover:underline">
            {name}
          </LocalizedLink>
        </p>
        <p className="text-sm text-muted">{m.cart.unitPrice(money(line.unitPriceCents))}</p>
        {line.state === "held" && <p className="mt-1 text-sm font-semibold text-warning">{m.cart.held}</p>}
        {line.state === "soldOut" && <p className="mt-1 text-sm font-semibold text-danger">{m.cart.soldOut}</p>}
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <fetcher.Form method="post" action={action}>
            {lineForm("decrement")}
            <button
              type="submit"
              className="icon-btn h-9 w-9 border border-border disabled:opacity-40"
              aria-label={m.cart.decrease(name)}
              disabled={line.quantity <= 1}
            >
              <MinusIcon className="h-4 w-4" />
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" action={action} className="flex items-end gap-2">
            {lineForm("set")}
            <span>
              <label htmlFor={inputId} className="block text-sm">
                {m.store.quantity}
              </label>
              <input
                key={`${line.quantity}-${answers}`}
                id={inputId}
                name="quantity"
                aria-label={m.cart.quantityFor(name)}
                type="number"
                inputMode="numeric"
                min={1}
                max={Math.max(1, line.available)}
                step={1}
                defaultValue={line.quantity}
                onChange={(event) => {
                  // With JavaScript a typed quantity is sent after a pause; without it, Update sends it.
                  const form = event.currentTarget.form;
                  const value = event.currentTarget.value;
                  clearTimeout(typing.current);
                  if (form && value.trim() !== "" && value !== String(line.quantity)) {
                    typing.current = setTimeout(() => fetcher.submit(form), 600);
                  }
                }}
                className="field-input w-16 px-2 py-1 text-center"
              />
            </span>
            <button
              type="submit"
              className="btn btn-secondary px-3 py-1 text-sm"
              aria-label={m.cart.updateQuantity(name)}
            >
              {m.cart.update}
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" action={action}>
            {lineForm("increment")}
            <button
              type="submit"
              className="icon-btn h-9 w-9 border border-border disabled:opacity-40"
              aria-label={m.cart.increase(name)}
              disabled={atLimit}
            >
              <PlusIcon className="h-4 w-4" />
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" action={action} className="ml-auto">
            {lineForm("remove")}
            <button type="submit" className="icon-btn h-9 w-9" aria-label={m.cart.remove(name)}>
              <TrashIcon className="h-4 w-4" />
            </button>
          </fetcher.Form>
        </div>
        <p role="status" aria-live="polite" className="mt-1 min-h-5 text-sm">
          <CartOutcome result={shown} />
        </p>
      </div>
      <p className="shrink-0 font-semibold">
        <span className="sr-only">{m.cart.lineTotal} </span>
        {money(line.lineTotalCents)}
      </p>
    </li>
  );
}

/** A custom print: the quote's thumbnail, options and price; its quantity is changed on the quote's page (it re-prices). */
function CustomLineRow({ line }: { line: CartCustomLine }) {
  const m = useMessages("cart");
  const locale = useLocale();
  const money = useMoney();
  const action = useCartAction();
  const fetcher = useFetcher<CartFormResult>();
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      <img
        src={line.thumbnailUrl}
        alt=""
        width={96}
        height={72}
        className="h-18 w-24 shrink-0 rounded-lg bg-surface-2 object-contain"
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-all">{line.name}</p>
        <p className="text-sm text-muted">
          {m.cart.customPrint} ·{" "}
          {m.cart.customDetails(
            line.material[locale] || line.material.en,
            line.colour[locale] || line.colour.en,
            line.quality[locale] || line.quality.en,
          )}
        </p>
        <p className="text-sm">{m.cart.customQuantity(line.quantity)}</p>
        {line.minimumCentsPerPart !== null && (
          <p className="text-sm">{m.cart.minimumApplies(money(line.minimumCentsPerPart))}</p>
        )}
        {!line.priced && <p className="mt-1 text-sm font-semibold text-warning">{m.cart.repricing}</p>}
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <LocalizedLink to={`/quote?q=${line.quoteId}`} className="text-sm underline">
            {m.cart.changeOnQuote}
          </LocalizedLink>
          <fetcher.Form method="post" action={action} className="ml-auto">
            <input type="hidden" name="intent" value="remove-quote" />
            <input type="hidden" name="quoteId" value={line.quoteId} />
            <button type="submit" className="icon-btn h-9 w-9" aria-label={m.cart.remove(line.name)}>
              <TrashIcon className="h-4 w-4" />
            </button>
          </fetcher.Form>
        </div>
        <p role="status" aria-live="polite" className="mt-1 min-h-5 text-sm">
          <CartOutcome result={fetcher.data} />
        </p>
      </div>
      <p className="shrink-0 font-semibold">
        <span className="sr-only">{m.cart.lineTotal} </span>
        {line.priced ? money(line.lineTotalCents) : "—"}
      </p>
    </li>
  );
}
