import { useEffect, useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { useMessages } from "../i18n/use-locale";
import { countedName, type RefundView } from "../../../domain/refund-view.ts";
import { useFormatters } from "./format";

/** The refunds of an order, for the buyer and the admin (the admin also sees reasons and restocking). */
export function RefundsList({
  refunds,
  currency,
  forAdmin = false,
}: {
  refunds: RefundView[];
  currency: string;
  forAdmin?: boolean;
}) {
  const m = useMessages("orders").orders.refund;
  const f = useFormatters();
  if (refunds.length === 0) return null;
  return (
    <div className="card" data-testid="refunds">
      <h2 className="text-xl font-bold">{m.list}</h2>
      <ul className="mt-4 space-y-4">
        {refunds.map((refund) => (
          <li key={refund.id} className="border-l-2 border-accent pl-3">
            <p className="font-semibold">
              {f.dateTime(refund.createdAt)} · {m.total}{" "}
              <span className="tabular-nums">{f.money(refund.amountCents, currency)}</span>
            </p>
            <ul className="text-sm">
              {refund.lines.map((line, index) => (
                <li key={index}>
                  {countedName(line.quantity, line.name[f.locale] || line.name.en, line.kind)} ·{" "}
                  <span className="tabular-nums">{f.money(line.amountCents, currency)}</span>
                </li>
              ))}
              {refund.shippingCents > 0 && (
                <li>
                  {m.shippingLine} · <span className="tabular-nums">{f.money(refund.shippingCents, currency)}</span>
                </li>
              )}
              {refund.taxes.map((tax) => (
                <li key={tax.label}>
                  {tax.label} · <span className="tabular-nums">{f.money(tax.amountCents, currency)}</span>
                </li>
              ))}
            </ul>
            {forAdmin && refund.restocked && <p className="text-sm text-muted">{m.restocked}</p>}
            {forAdmin && refund.reason && <p className="text-sm">{refund.reason}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}

type Line = { id: number; name: { en: string; fr: string }; quantity: number };
export type RefundFormResult = { ok: boolean; message: string; fields?: Record<string, string> } | undefined;

/** The admin's refund form: a plain post (works without JavaScript), errors beside their fields. */
export function RefundForm(props: {
  lines: Line[];
  currency: string;
  left: { amountCents: number; shippingCents: number; units: Record<number, number> };
  /** Store units that could go back on the shelf; custom prints never do. */
  offerRestock: boolean;
  result: RefundFormResult;
  busy: boolean;
}) {
  const m = useMessages("orders").orders.refund;
  const f = useFormatters();
  const errors = props.result && !props.result.ok ? (props.result.fields ?? {}) : {};
  const error = (field: string) =>
    errors[field] ? (
      <p id={`${field}-error`} className="mt-1 text-sm font-medium text-danger">
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: string) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {};
  return (
    <Form method="post" className="card space-y-4" aria-labelledby="refund-title">
      <h2 id="refund-title" className="text-xl font-bold">
        {m.heading}
      </h2>
      <p className="text-muted">{m.intro}</p>
      <input type="hidden" name="intent" value="refund" />
      {props.lines.map((line) => {
        const left = props.left.units[line.id] ?? 0;
        const field = `line-${line.id}`;
        return (
          <div key={line.id}>
            <label htmlFor={field} className="field-label">
              {m.units(line.name[f.locale] || line.name.en)}
            </label>
            <input
              id={field}
              name={`qty-${line.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={left}
              defaultValue={0}
              disabled={left <= 0}
              className="field-input max-w-32"
              {...invalid(field)}
            />
            <p className="text-sm text-muted">{m.unitsLeft(left, line.quantity)}</p>
            {error(field)}
          </div>
        );
      })}
      {props.left.shippingCents > 0 && (
        <div>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="shipping" {...invalid("shipping")} />{" "}
            {m.shipping(f.money(props.left.shippingCents, props.currency))}
          </label>
          {error("shipping")}
        </div>
      )}
      <div>
        <label htmlFor="amount" className="field-label">
          {m.amount}
        </label>
        <input
          id="amount"
          name="amount"
          inputMode="decimal"
          maxLength={12}
          autoComplete="off"
          className="field-input max-w-40"
          aria-describedby={errors.amount ? "amount-error amount-hint" : "amount-hint"}
          aria-invalid={errors.amount ? true : undefined}
        />
        <p id="amount-hint" className="text-sm text-muted">
          {m.amountHint(f.money(props.left.amountCents, props.currency))}
        </p>
        {error("amount")}
      </div>
      {props.offerRestock && (
        // Unticked: units go back on the shelf only when the owner has them back in hand.
        <label className="flex items-center gap-2">
          <input type="checkbox" name="restock" /> {m.restock}
        </label>
      )}
      <div>
        <label htmlFor="refund-reason" className="field-label">
          {m.reason}
        </label>
        <textarea id="refund-reason" name="reason" rows={2} maxLength={500} className="field-input" />
      </div>
      <button type="submit" className="btn btn-primary" disabled={props.busy}>
        {m.submit}
      </button>
    </Form>
  );
}

/** The card an order was paid with, as the payment provider reported it. */
export type PaidCard = { brand: string | null; last4: string };

/** The provider's brand code ("visa", "amex") as people write it; null when unknown. */
function cardBrandName(brand: string | null): string | null {
  const names: Record<string, string> = {
    visa: "Visa",
    mastercard: "Mastercard",
    amex: "American Express",
    discover: "Discover",
    jcb: "JCB",
    unionpay: "UnionPay",
    diners: "Diners Club",
  };
  return brand ? (names[brand] ?? null) : null;
}

/** What the admin is asked to confirm; `fields` is the request posted again, with `confirmed`. */
export type RefundConfirmation = {
  amountCents: number;
  leftCents: number;
  /** back: the refunded units go back on the shelf; kept: stock does not change; cancel: a cancel's units come back. */
  stock: "back" | "kept" | "cancel";
  fields: Record<string, string>;
};

/** The amount, the card it goes back to, and what happens to stock. */
export function RefundTerms(props: {
  amountCents: number;
  currency: string;
  stock: RefundConfirmation["stock"];
  card: PaidCard | null;
}) {
  const m = useMessages("orders").orders.refund.confirm;
  const f = useFormatters();
  const stock = { back: m.restockYes, kept: m.restockNo, cancel: m.cancelStock }[props.stock];
  return (
    <ul className="list-disc space-y-1 pl-5">
      <li className="font-semibold">{m.amount(f.money(props.amountCents, props.currency))}</li>
      <li>{props.card ? m.cardEnding(cardBrandName(props.card.brand), props.card.last4) : m.card}</li>
      <li>{stock}</li>
    </ul>
  );
}

/**
 * Asks before a refund moves money. The server sends it back in place of refunding; without
 * JavaScript it shows open in the page (its "no" closes it natively), with JavaScript as a modal.
 */
export function RefundConfirm({
  confirm,
  currency,
  card,
}: {
  confirm: RefundConfirmation;
  currency: string;
  card: PaidCard | null;
}) {
  const m = useMessages("orders").orders.refund.confirm;
  const f = useFormatters();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    dialog.close();
    dialog.showModal();
  }, [confirm]);
  const amount = f.money(confirm.amountCents, currency);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={headingId}
      className="z-10 m-auto w-[min(92vw,28rem)] rounded-2xl border border-border bg-surface p-6 text-text shadow-xl backdrop:bg-black/50"
    >
      <h2 id={headingId} className="text-lg font-bold">
        {m.title}
      </h2>
      <div className="mt-3">
        <RefundTerms amountCents={confirm.amountCents} currency={currency} stock={confirm.stock} card={card} />
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <form method="dialog">
          <button type="submit" className="btn btn-secondary">
            {m.no}
          </button>
        </form>
        <Form method="post">
          {Object.entries(confirm.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="btn bg-danger text-surface hover:opacity-90" disabled={busy}>
            {m.yes(amount)}
          </button>
        </Form>
      </div>
    </dialog>
  );
}
