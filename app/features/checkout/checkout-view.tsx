import { Form, useNavigation } from "react-router";
import { useServerCart } from "../cart/cart-contents";
import { LocalizedLink } from "../i18n/localized-link";
import { useMessages } from "../i18n/use-locale";
import { LinesTable } from "../orders/order-parts";

/**
 * Review of the buyer's cart as the server keeps and prices it, then Place order (a plain form:
 * the server places the order for its own cart and sends the buyer to the payment page).
 */
export function CheckoutView({ reservationMinutes, failure }: { reservationMinutes: number; failure?: string }) {
  const m = useMessages("checkout", "cart");
  const cart = useServerCart();
  const placing = useNavigation().state === "submitting";

  if (cart.lines.length === 0 && cart.customLines.length === 0) {
    return (
      <div className="card mt-8 text-center">
        <h2 className="text-xl font-bold">{m.checkout.emptyTitle}</h2>
        <p className="mt-2 text-muted">{m.checkout.emptyText}</p>
        <LocalizedLink to="/store" className="btn btn-primary mt-6">{m.checkout.toStore}</LocalizedLink>
      </div>
    );
  }

  const displayLines = cart.lines.map((line) => ({
    key: line.itemId,
    name: line.name,
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    lineTotalCents: line.lineTotalCents,
    note:
      line.state === "held" ? (
        <span className="mt-1 block text-sm font-normal text-warning">{m.cart.held}</span>
      ) : line.state === "soldOut" ? (
        <span className="mt-1 block text-sm font-normal text-danger">{m.cart.soldOut}</span>
      ) : null,
  }));
  // Custom prints: one line each at the quote's price (the parts' count is in the name).
  for (const line of cart.customLines) {
    displayLines.push({
      key: line.quoteId,
      name: { en: `${line.name} × ${line.quantity}`, fr: `${line.name} × ${line.quantity}` },
      unitPriceCents: line.lineTotalCents,
      quantity: 1,
      lineTotalCents: line.lineTotalCents,
      note: line.priced ? null : <span className="mt-1 block text-sm font-normal text-warning">{m.cart.repricing}</span>,
    });
  }

  return (
    <div className="mt-8 space-y-6">
      <div className="card">
        <LinesTable lines={displayLines} totalCents={cart.totalCents} currency={cart.currency} caption={m.checkout.title} />
        <p className="mt-2 text-sm text-muted">{m.cart.totalNote}</p>
      </div>
      {failure && (
        <p role="alert" className="alert-error">
          {failure}
        </p>
      )}
      {!cart.orderable && (
        <p className="alert-error">
          {m.checkout.fixCart}{" "}
          <LocalizedLink to="/cart" className="font-semibold underline">
            {m.cart.viewCart}
          </LocalizedLink>
        </p>
      )}
      <p className="text-sm text-muted">{m.checkout.holdNote(reservationMinutes)}</p>
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={!cart.orderable}>
          {placing ? m.checkout.placing : m.checkout.placeOrder}
        </button>
        <LocalizedLink to="/store" className="btn btn-secondary">{m.checkout.backToStore}</LocalizedLink>
      </Form>
    </div>
  );
}
