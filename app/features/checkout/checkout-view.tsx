import { useEffect, useRef, useState } from "react";
import { useChoiceState } from "~/lib/use-choice-state";
import { useHydrated } from "~/lib/use-hydrated";
import { Form, useFetcher, useNavigation } from "react-router";
import { AddressFields, type AddressValues } from "../account/address-fields";
import { useServerCart } from "../cart/cart-contents";
import { LocalizedLink } from "../i18n/localized-link";
import { useMessages } from "../i18n/use-locale";
import { useFormatters } from "../orders/format";
import { LinesTable } from "../orders/order-parts";
import { LEGAL_PATHS } from "../../../domain/legal.ts";
import { GuestFields, type GuestValues } from "./guest-parts";

/** `addressId`: one of the buyer's saved addresses, or "new" for the address typed in the form. */
export type DeliveryForm = {
  method: "ship" | "pickup";
  addressId: string;
  address: AddressValues & { country?: string };
  saveAddress: boolean;
};
export type SavedAddressChoice = { id: string; label: string };
export type CheckoutFigures = {
  subtotalCents: number;
  shippingCents: number;
  freeShipping: boolean;
  taxes: { code: string; label: string; amountCents: number }[];
  totalCents: number;
  /** The studio's discounts, each a line under the items (goods, then shipping). */
  discounts: { label: string; amountCents: number }[];
  /** Which discounts apply and why, in the buyer's words. */
  discountNote?: string;
  /** Why the code typed is refused, in the buyer's words. */
  discountRefusal?: string;
};
type Quote = { figures: CheckoutFigures | null; message?: string; fields?: Record<string, string> };

/**
 * Review of the buyer's cart as the server keeps and prices it: how to receive it (delivery to an
 * address, or pickup), the server's shipping, taxes and total, then Place order. The figures follow
 * the form through a fetcher to the route's action; without JavaScript "Update" posts the same.
 */
export function CheckoutView({
  reservationMinutes,
  guest,
  studioContact,
  unverified,
  pickup,
  savedAddresses,
  delivery,
  discountCode,
  figures,
  failure,
  fields,
}: {
  reservationMinutes: number;
  /**
   * A buyer who checks out as a guest (a visitor, or an account whose address is not verified):
   * their details as typed so far; null for a verified account.
   */
  guest: GuestValues | null;
  studioContact: { phone: string; email: string };
  /** Signed in with an address not verified yet: the order is placed as a guest's with it. */
  unverified: boolean;
  pickup: { address: string; hours: string };
  savedAddresses: SavedAddressChoice[];
  delivery: DeliveryForm;
  /** The discount code as last typed. */
  discountCode: string;
  figures: CheckoutFigures | null;
  failure?: string;
  fields?: Record<string, string>;
}) {
  const m = useMessages("checkout", "cart", "account");
  const f = useFormatters();
  const cart = useServerCart();
  const navigation = useNavigation();
  const placing = navigation.state === "submitting" && navigation.formData?.get("intent") === "place";
  const quote = useFetcher<Quote>();
  // The codes the server refused (with why), the one the figures on screen were last asked with,
  // and the one in the field now (kept uncontrolled, so that a code typed before hydration stays).
  const refusals = useRef(new Map<string, string>());
  const askedCode = useRef(codeKey(discountCode));
  const [typedCode, setTypedCode] = useState(codeKey(discountCode));
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => setTypedCode(codeKey(codeInput.current?.value ?? "")), []);
  const choices = useRef<HTMLFieldSetElement>(null);
  const [method, setMethod] = useChoiceState(choices, "method", delivery.method);
  const [addressId, setAddressId] = useChoiceState(choices, "addressId", delivery.addressId);
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copying = useGuestContactCopy(formRef);

  /** `applying`: the buyer asked about the code (Apply), at once; otherwise a change of the form, after a pause. */
  const refresh = (form: HTMLFormElement, applying = false) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => {
        const body = new FormData(form);
        body.set("intent", "update");
        // A code already refused is not asked about again at each change of the address: refused
        // codes count against the buyer's tries.
        const code = codeKey(String(body.get("discountCode") ?? ""));
        if (!applying && refusals.current.has(code)) body.delete("discountCode");
        else askedCode.current = code;
        // Named, not implied: a submit without an action resolves against the router's location,
        // which is already /payment while the checkout is still on screen after Place order.
        void quote.submit(body, { method: "post", action: form.getAttribute("action") ?? undefined });
      },
      applying ? 0 : 300,
    );
  };

  // A choice made or an address typed before the page woke (decision 062) was not priced yet.
  useEffect(() => {
    if (formRef.current && changedSince(formRef.current, delivery)) refresh(formRef.current);
    // Once, at hydration: later changes go through the form's onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (cart.lines.length === 0 && cart.customLines.length === 0) {
    return (
      <div className="card mt-8 text-center">
        <h2 className="text-xl font-bold">{m.checkout.emptyTitle}</h2>
        <p className="mt-2 text-muted">{m.checkout.emptyText}</p>
        <LocalizedLink to="/store" className="btn btn-primary mt-6">
          {m.checkout.toStore}
        </LocalizedLink>
      </div>
    );
  }

  // The live quote wins over the page's once the buyer has changed something.
  const live = quote.data;
  const shown = live ? live.figures : figures;
  const liveProblem = live?.figures === null ? live.message : undefined;
  const liveFields = live?.fields ? pick(live.fields, ["province", "postalCode", "country", "addressId"]) : undefined;
  const fieldErrors = liveFields ?? fields ?? {};
  const refusal = shown?.discountRefusal ?? fields?.discountCode;
  if (refusal) refusals.current.set(live ? askedCode.current : codeKey(discountCode), refusal);
  const codeProblem = refusals.current.get(typedCode);

  // A post (Update or Place order) carries the same fields: the figures still waiting would only
  // arrive after it, once the payment page may have replaced the checkout.
  const cancelPendingFigures = () => clearTimeout(timer.current);

  const displayLines = cart.lines.map((line) => ({
    key: line.itemId,
    name: line.name,
    image: line.image || undefined,
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
      image: line.thumbnailUrl,
      unitPriceCents: line.lineTotalCents,
      quantity: 1,
      lineTotalCents: line.lineTotalCents,
      note: line.priced ? null : (
        <span className="mt-1 block text-sm font-normal text-warning">{m.cart.repricing}</span>
      ),
    });
  }

  return (
    <div className="mt-8 space-y-6">
      <div className="card">
        <LinesTable
          lines={displayLines}
          totalCents={cart.totalCents}
          currency={cart.currency}
          caption={m.checkout.title}
        />
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
      <Form
        ref={formRef}
        method="post"
        className="space-y-6"
        onChange={(event) => {
          if (guest) copying(event.target);
          // A code is checked when the buyer applies it (or places the order), not at each letter typed.
          if (event.target instanceof HTMLInputElement && event.target.name === "discountCode") return;
          refresh(event.currentTarget);
        }}
        onSubmit={cancelPendingFigures}
      >
        {guest && <GuestFields values={guest} errors={fieldErrors} studio={studioContact} unverified={unverified} />}
        {/* What each choice shows is shown by CSS, so that it is there before the page's script runs. */}
        <fieldset ref={choices} className="group/receive card space-y-4">
          <legend className="px-1 text-lg font-bold">{m.checkout.receiveTitle}</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="method"
              value="ship"
              checked={method === "ship"}
              onChange={() => setMethod("ship")}
            />
            {m.checkout.shipOption}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="method"
              value="pickup"
              checked={method === "pickup"}
              onChange={() => setMethod("pickup")}
            />
            {m.checkout.pickupOption}
          </label>
          <div className="hidden space-y-4 group-has-[[name=method][value=ship]:checked]/receive:block">
            {savedAddresses.length > 0 ? (
              <fieldset
                className="space-y-2"
                aria-describedby={fieldErrors.addressId ? "address-choice-error" : undefined}
              >
                <legend className="text-lg font-semibold">{m.checkout.deliverTo}</legend>
                {savedAddresses.map((saved) => (
                  <label key={saved.id} className="flex items-start gap-2">
                    <input
                      type="radio"
                      name="addressId"
                      value={saved.id}
                      className="mt-1.5"
                      checked={addressId === saved.id}
                      onChange={() => setAddressId(saved.id)}
                    />
                    <span>{saved.label}</span>
                  </label>
                ))}
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="addressId"
                    value="new"
                    checked={addressId === "new"}
                    onChange={() => setAddressId("new")}
                  />
                  {m.checkout.newAddress}
                </label>
                {fieldErrors.addressId && (
                  <p id="address-choice-error" className="text-sm font-medium text-danger">
                    {fieldErrors.addressId}
                  </p>
                )}
              </fieldset>
            ) : (
              <input type="hidden" name="addressId" value="new" />
            )}
            <div
              className={
                savedAddresses.length > 0
                  ? "hidden space-y-4 group-has-[[name=addressId][value=new]:checked]/receive:block"
                  : "space-y-4"
              }
            >
              <h2 className="text-lg font-semibold">{m.checkout.deliveryAddress}</h2>
              {/* Required only once the page can tell whether they are shown: a hidden required
                    field would stop a pickup posted before then. The server checks them anyway. */}
              <AddressFields
                values={delivery.address}
                errors={fieldErrors}
                required={hydrated && method === "ship" && addressId === "new"}
              />
              {/* A guest's order keeps its address; there are no saved addresses to add it to. */}
              {!guest && (
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="saveAddress" defaultChecked={delivery.saveAddress} />
                  {m.checkout.saveAddress}
                </label>
              )}
            </div>
          </div>
          <dl className="space-y-2 group-has-[[name=method][value=ship]:checked]/receive:hidden">
            <dt className="font-semibold">{m.checkout.pickupAt}</dt>
            <dd className="whitespace-pre-line">{pickup.address}</dd>
            <dt className="font-semibold">{m.checkout.pickupHours}</dt>
            <dd className="whitespace-pre-line">{pickup.hours}</dd>
          </dl>
          <button type="submit" name="intent" value="update" className="btn btn-secondary">
            {m.checkout.updateFigures}
          </button>
        </fieldset>

        <div className="card space-y-2">
          <label htmlFor="discount-code" className="block font-semibold">
            {m.checkout.discount.label}
          </label>
          <p id="discount-code-hint" className="text-sm text-muted">
            {m.checkout.discount.hint}
          </p>
          <div className="flex flex-wrap gap-2">
            <input
              ref={codeInput}
              id="discount-code"
              name="discountCode"
              defaultValue={discountCode}
              onChange={(event) => setTypedCode(codeKey(event.currentTarget.value))}
              maxLength={32}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="input max-w-xs flex-1"
              aria-invalid={codeProblem ? true : undefined}
              aria-describedby={codeProblem ? "discount-code-hint discount-code-error" : "discount-code-hint"}
            />
            <button
              type="submit"
              name="intent"
              value="update"
              className="btn btn-secondary"
              onClick={(event) => {
                // Once the page runs, the figures come back beside the form, as for any change.
                if (!hydrated || !formRef.current) return;
                event.preventDefault();
                refresh(formRef.current, true);
              }}
            >
              {m.checkout.discount.apply}
            </button>
          </div>
          {codeProblem && (
            <p id="discount-code-error" className="text-sm font-medium text-danger">
              {codeProblem}
            </p>
          )}
          {shown?.discountNote && <p className="text-sm">{shown.discountNote}</p>}
        </div>

        <div className="card" aria-live="polite" data-testid="checkout-figures">
          <h2 className="sr-only">{m.checkout.figuresCaption}</h2>
          {liveProblem && <p className="alert-error">{liveProblem}</p>}
          {shown ? (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums">
              <dt>{m.checkout.subtotal}</dt>
              <dd className="text-right">{f.money(shown.subtotalCents, cart.currency)}</dd>
              {shown.discounts.map((discount) => (
                <div key={discount.label} className="contents" data-testid="checkout-discount">
                  <dt>{discount.label}</dt>
                  <dd className="text-right">−{f.money(discount.amountCents, cart.currency)}</dd>
                </div>
              ))}
              {method === "ship" && (
                <>
                  <dt>{m.checkout.shipping}</dt>
                  <dd className="text-right">
                    {shown.freeShipping ? m.checkout.freeShipping : f.money(shown.shippingCents, cart.currency)}
                  </dd>
                </>
              )}
              {shown.taxes.map((tax) => (
                <div key={tax.code} className="contents">
                  <dt>{tax.label}</dt>
                  <dd className="text-right">{f.money(tax.amountCents, cart.currency)}</dd>
                </div>
              ))}
              <dt className="border-t border-border pt-1 font-bold">{m.checkout.orderTotal}</dt>
              <dd className="border-t border-border pt-1 text-right font-bold" data-testid="checkout-total">
                {f.money(shown.totalCents, cart.currency)}
              </dd>
            </dl>
          ) : (
            !liveProblem && <p className="text-muted">{m.checkout.fixDelivery}</p>
          )}
          {quote.state !== "idle" && <p className="mt-2 text-sm text-muted">{m.checkout.updating}</p>}
        </div>

        <p className="text-sm text-muted">{m.checkout.holdNote(reservationMinutes)}</p>
        <p className="text-sm">
          {m.checkout.legalIntro}{" "}
          <LocalizedLink to={LEGAL_PATHS.terms} className="underline">
            {m.checkout.termsOfSale}
          </LocalizedLink>
          ,{" "}
          <LocalizedLink to={LEGAL_PATHS.returns} className="underline">
            {m.checkout.returns}
          </LocalizedLink>{" "}
          {m.checkout.and}{" "}
          <LocalizedLink to={LEGAL_PATHS.privacy} className="underline">
            {m.checkout.privacy}
          </LocalizedLink>
          .
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" name="intent" value="place" className="btn btn-primary" disabled={!cart.orderable}>
            {placing ? m.checkout.placing : m.checkout.placeOrder}
          </button>
          <LocalizedLink to="/store" className="btn btn-secondary">
            {m.checkout.backToStore}
          </LocalizedLink>
        </div>
      </Form>
    </div>
  );
}

const COPIED = ["fullName", "phone"] as const;

/**
 * A guest types a name and a phone once: the delivery address's own follow them as they are typed
 * (still editable), until the person types in the address's field. The server fills the address's
 * empty ones from the guest's too, for a post made before this script runs. Returns the form's
 * change handler, given the changed field.
 */
function useGuestContactCopy(formRef: React.RefObject<HTMLFormElement | null>) {
  const following = useRef<Record<(typeof COPIED)[number], boolean>>({ fullName: false, phone: false });
  // At hydration: an address field already typed in (other than as the guest's) is the person's own.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const name of COPIED) {
      const from = form.elements.namedItem(`guest.${name}`);
      const to = form.elements.namedItem(name);
      following.current[name] =
        from instanceof HTMLInputElement && to instanceof HTMLInputElement && (!to.value || to.value === from.value);
    }
  }, [formRef]);
  return (target: EventTarget) => {
    if (!(target instanceof HTMLInputElement) || !target.form) return;
    const own = COPIED.find((name) => target.name === name);
    if (own) {
      following.current[own] = false;
      return;
    }
    const copied = COPIED.find((name) => target.name === `guest.${name}`);
    if (!copied || !following.current[copied]) return;
    const to = target.form.elements.namedItem(copied);
    if (to instanceof HTMLInputElement) to.value = target.value;
  };
}

const ADDRESS_NAMES = ["fullName", "line1", "line2", "city", "province", "postalCode", "phone"] as const;

/** Whether the form holds another delivery than the one the page was priced for. */
function changedSince(form: HTMLFormElement, delivery: DeliveryForm): boolean {
  const now = new FormData(form);
  const text = (name: string) => String(now.get(name) ?? "");
  if (text("method") !== delivery.method) return true;
  if (delivery.method !== "ship") return false;
  if ((now.get("addressId") ?? "new") !== delivery.addressId) return true;
  return delivery.addressId === "new" && ADDRESS_NAMES.some((name) => text(name) !== (delivery.address[name] ?? ""));
}

/** A code as the server reads it, whatever its case and spaces around it. */
function codeKey(text: string): string {
  return text.trim().toUpperCase();
}

function pick(fields: Record<string, string>, keys: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => keys.includes(key)));
}
