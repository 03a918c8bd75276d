import { and, eq, gt, inArray, lte } from "drizzle-orm";
import type { Locale } from "../../domain/locale.ts";
import { cartCustomOrderLines, cartOrderLines, type CartCustomLine } from "../cart/cart.ts";
import { getDb } from "../db/index.ts";
import { orderLines, orders } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import {
  ordersOfBuyer,
  PlacedMeanwhile,
  placeOrder,
  type CustomOrderLine,
  type PlacedOrder,
  type PlacingCart,
} from "./place-order.ts";
import { findCartId, type CartOwner } from "../cart/cart-view.ts";
import type { ContactDetails } from "../../domain/guest-checkout.ts";
import type { Tx } from "../db/transaction.ts";
import { priceOrder } from "../../domain/pricing.ts";
import { normalizeCode } from "../../domain/discounts.ts";
import type { Address } from "../../domain/address.ts";
import { orderDelivery, inventoryItems } from "../db/schema.ts";
import { getPricingInputs } from "../settings/shop-settings.ts";
import { addAddress, listAddresses, savedAddress } from "../accounts/addresses.ts";
import { priceCheckout, type CheckoutPrice, type PricedLine } from "./checkout-price.ts";
import { isSafeId } from "../http/safe-id.ts";
import { StockConflict } from "./problems.ts";
import { cancelPendingOrder, releaseOrder } from "./release.ts";
import { mergeLines, type WantedLine } from "./stock.ts";

export type CartOrder = { id: string; totalCents: number; resumed: boolean };

function sameLines(a: WantedLine[], b: WantedLine[]): boolean {
  const left = mergeLines(a);
  const right = mergeLines(b);
  return (
    left.length === right.length &&
    left.every((line, i) => line.itemId === right[i]!.itemId && line.quantity === right[i]!.quantity)
  );
}

/**
 * Places the order for the buyer's cart as the server keeps it (the browser sends nothing but the
 * request). An unpaid order of this buyer whose hold still runs is resumed when it is for the same
 * lines, and cancelled (its hold released) when the cart has changed since: stock is never held
 * twice for one buyer's cart.
 */
export type DeliveryChoice = { method: unknown; address?: unknown; addressId?: unknown; saveAddress?: boolean };

/**
 * The delivery as the buyer chose it: a saved address is read by its id, and only the buyer's own
 * (another's id answers as an unknown one); otherwise the address as typed.
 */
export async function resolveDelivery(userId: string | null, choice: DeliveryChoice): Promise<DeliveryChoice> {
  if (
    choice.method !== "ship" ||
    choice.addressId === undefined ||
    choice.addressId === null ||
    choice.addressId === "" ||
    choice.addressId === "new"
  )
    return choice;
  const saved = userId && isSafeId(choice.addressId) ? await savedAddress(userId, choice.addressId) : null;
  if (!saved) throw new DomainError("checkout.no_saved_address", { field: "addressId" });
  return { method: "ship", address: saved, addressId: saved.id, saveAddress: false };
}

/** Two address snapshots name the same place (null for a pickup). */
type AddressFields = Record<"fullName" | "line1" | "city" | "province" | "postalCode", string> & {
  line2?: string | null;
  phone?: string | null;
};
function sameAddress(a: AddressFields | null, b: Address | null): boolean {
  if (!a || !b) return a === b;
  const keys = ["fullName", "line1", "line2", "city", "province", "postalCode", "phone"] as const;
  return keys.every((key) => (a[key] ?? null) === (b[key] ?? null));
}

/**
 * Who orders a cart: an account (its own cart unless another is named), or a guest (no account,
 * the cart of their browser or of an account not yet verified, and the contact they typed).
 */
export type CartBuyer = {
  userId: string | null;
  cart?: CartOwner;
  contact?: ContactDetails;
  /** Written in the order's transaction; run again (`resumed`) for an order resumed rather than placed. */
  onPlaced?: (tx: Tx, order: { id: string }, resumed: boolean) => Promise<void>;
  /** The client address placing it: a guest has one unpaid order per address, and each address a cap on units held. */
  clientAddress?: string;
  /** The discount code typed at checkout, if any. */
  discountCode?: unknown;
};

type CartPlacement = CartBuyer & { locale: Locale; now?: Date; delivery: DeliveryChoice };

export async function placeOrderFromCart(input: CartPlacement): Promise<CartOrder> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await placeOrResume(input);
    } catch (error) {
      // A second "Place order" (double click, another tab) placed it meanwhile: resume that one.
      if (error instanceof PlacedMeanwhile && attempt < 2) continue;
      throw error;
    }
  }
}

async function placeOrResume(input: CartPlacement): Promise<CartOrder> {
  const now = input.now ?? new Date();
  const discountCode = typedCode(input.discountCode);
  const owner: CartOwner | null = input.cart ?? (input.userId ? { userId: input.userId } : null);
  const db = await getDb();
  const cartId = owner ? await findCartId(db, owner) : null;
  if (!owner || !cartId) throw new DomainError("cart.empty");
  const wanted = await cartOrderLines(owner);
  const customLines = await customLinesOf(owner);
  // Saved addresses are the account's whose cart it is (a guest's browser has none).
  const addressBook = "userId" in owner ? owner.userId : null;
  // The delivery is checked (address, province served) before anything is held.
  const choice = await resolveDelivery(addressBook, input.delivery);
  const checked = await priceCheckout({
    lines: wanted,
    customLines: customLines.map((line) => ({
      unitPriceCents: line.totalCents,
      quantity: 1,
      weightGrams: line.weightGrams ?? 0,
    })),
    method: choice.method,
    address: choice.address,
    locale: input.locale,
    at: now,
  });
  if (choice.method === "ship" && customLines.some((line) => line.weightGrams === null))
    throw new DomainError("checkout.part_weight_unknown");
  // Orders past their hold that the sweep has not reached yet give their stock and quotes back now.
  const overdue = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(ordersOfBuyer(input.userId, cartId), eq(orders.status, "pending"), lte(orders.reservedUntil, now)));
  for (const order of overdue)
    await db.transaction((tx) =>
      releaseOrder(tx, order.id, { from: ["pending"], to: "expired", actorUserId: null, reason: "expired", now }),
    );
  const pending = await db
    .select({ id: orders.id, totalCents: orders.totalCents, discountCode: orders.discountCode })
    .from(orders)
    .where(and(ordersOfBuyer(input.userId, cartId), eq(orders.status, "pending"), gt(orders.reservedUntil, now)));
  if (pending.length > 0) {
    const lines = await db
      .select({
        orderId: orderLines.orderId,
        itemId: orderLines.itemId,
        quantity: orderLines.quantity,
        quoteId: orderLines.quoteId,
        unitPriceCents: orderLines.unitPriceCents,
      })
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          pending.map((order) => order.id),
        ),
      );
    const deliveries = await db
      .select()
      .from(orderDelivery)
      .where(
        inArray(
          orderDelivery.orderId,
          pending.map((order) => order.id),
        ),
      );
    const sameDelivery = (orderId: string) => {
      const row = deliveries.find((d) => d.orderId === orderId);
      return !!row && row.method === checked.delivery.method && sameAddress(row.address, checked.address);
    };
    const same = pending.find(
      (order) =>
        order.discountCode === discountCode &&
        sameDelivery(order.id) &&
        sameLines(lines.filter((line) => line.orderId === order.id && line.itemId !== null) as WantedLine[], wanted) &&
        sameCustomLines(
          lines.filter((line) => line.orderId === order.id && line.quoteId !== null),
          customLines,
        ),
    );
    if (same) {
      if (input.onPlaced) await db.transaction((tx) => input.onPlaced!(tx, same, true));
      return { id: same.id, totalCents: same.totalCents, resumed: true };
    }
    for (const order of pending) await cancelPendingOrder(order.id, input.userId);
  }
  try {
    const order = await placeCheckedOrder({
      userId: input.userId,
      cart: { id: cartId, owner },
      contact: input.contact,
      onPlaced: input.onPlaced && ((tx, order) => input.onPlaced!(tx, order, false)),
      clientAddress: input.clientAddress,
      addressBook: choice.saveAddress === true ? addressBook : null,
      locale: input.locale,
      lines: wanted,
      customLines,
      now,
      checked,
      onlyUnpaidOrder: true,
      discountCode,
    });
    return { id: order.id, totalCents: order.totalCents, resumed: false };
  } catch (error) {
    if (error instanceof StockConflict) throw new DomainError("order.stock_conflict");
    throw error;
  }
}

/**
 * Places lines with a delivery already checked by priceCheckout: the checkout page (the server's
 * cart) and POST /api/orders (the lines of the request) both end here. The figures are computed
 * again in the order's transaction from the prices read under the hold. A line short of stock
 * throws StockConflict (each caller words it).
 */
async function placeCheckedOrder(input: {
  userId: string | null;
  cart?: PlacingCart;
  contact?: ContactDetails;
  onPlaced?: (tx: Tx, order: PlacedOrder) => Promise<void>;
  clientAddress?: string;
  /** The account whose address book the delivery's address is saved to ("Save this address"). */
  addressBook: string | null;
  locale: Locale;
  lines: WantedLine[];
  customLines: CustomOrderLine[];
  now: Date;
  checked: CheckoutPrice;
  onlyUnpaidOrder?: boolean;
  discountCode?: string | null;
}): Promise<PlacedOrder> {
  const { checked, now } = input;
  const db = await getDb();
  const pricing = await getPricingInputs();
  const weights = new Map(
    input.lines.length === 0
      ? []
      : (
          await db
            .select({ id: inventoryItems.id, weightGrams: inventoryItems.weightGrams })
            .from(inventoryItems)
            .where(
              inArray(
                inventoryItems.id,
                input.lines.map((l) => l.itemId),
              ),
            )
        ).map((row) => [row.id, row.weightGrams] as const),
  );
  const order = await placeOrder({
    userId: input.userId,
    cart: input.cart,
    contact: input.contact,
    onPlaced: input.onPlaced,
    clientAddress: input.clientAddress,
    locale: input.locale,
    lines: input.lines,
    customLines: input.customLines,
    now,
    onlyUnpaidOrder: input.onlyUnpaidOrder,
    discountCode: input.discountCode,
    pricer: (reserved, custom, discount) => ({
      delivery: checked.delivery,
      address: checked.address,
      price: priceOrder({
        ...pricing,
        lines: [
          ...reserved.map((line) => ({
            unitPriceCents: line.unitPriceCents,
            quantity: line.quantity,
            weightGrams: weights.get(line.itemId) ?? 0,
          })),
          ...custom.map((line) => ({
            unitPriceCents: line.totalCents,
            quantity: 1,
            weightGrams: line.weightGrams ?? 0,
          })),
        ],
        delivery: checked.delivery,
        at: now,
        discount,
      }),
    }),
  });
  if (input.addressBook && checked.address) await saveAddress(input.addressBook, checked.address);
  return order;
}

/**
 * POST /api/orders: the request's lines (store items only) with a delivery, through the checkout's
 * own checks: a verified e-mail address, the delivery and address validated, shipping and taxes
 * computed by the server. `delivery` is `{ method: "pickup" }` or `{ method: "delivery", address }`
 * or `{ method: "delivery", addressId }` (one of the buyer's saved addresses). An optional
 * `discountCode` is applied, or refused, as the checkout page's.
 */
export async function placeOrderFromRequest(input: {
  user: { id: string; emailVerified: boolean };
  locale: Locale;
  lines: WantedLine[];
  delivery: unknown;
  clientAddress?: string;
  now?: Date;
  /** The discount code the client sent, if any: refused as at checkout. */
  discountCode?: unknown;
}): Promise<PlacedOrder> {
  if (!input.user.emailVerified) throw new DomainError("order.email_unverified");
  const now = input.now ?? new Date();
  const discountCode = typedCode(input.discountCode);
  const raw = (input.delivery && typeof input.delivery === "object" ? input.delivery : {}) as Record<string, unknown>;
  const method =
    raw.method === "delivery"
      ? "ship"
      : raw.method === "pickup"
        ? "pickup"
        : raw.method === undefined
          ? undefined
          : "unknown";
  const choice = await resolveDelivery(input.user.id, { method, address: raw.address, addressId: raw.addressId });
  // The delivery is checked first; the lines are priced under the hold, where an unknown, hidden or
  // sold-out item answers as a stock conflict naming it.
  const checked = await priceCheckout({
    lines: [],
    method: choice.method,
    address: choice.address,
    locale: input.locale,
    at: now,
  });
  return placeCheckedOrder({
    userId: input.user.id,
    locale: input.locale,
    lines: input.lines,
    customLines: [],
    now,
    checked,
    addressBook: null,
    clientAddress: input.clientAddress,
    discountCode,
  });
}

/**
 * The code as typed, upper-cased; null when none was typed. One that cannot be a code (a space, a
 * dash, too long) is refused as unknown before anything is held.
 */
function typedCode(text: unknown): string | null {
  if (typeof text !== "string" || text.trim() === "") return null;
  const code = normalizeCode(text);
  if (!code) throw new DomainError("discount.unknown", { field: "discountCode" });
  return code;
}

/** A custom print as the checkout prices it: its quote's total, once, with the grams of all its parts. */
export const customPricingLine = (line: CartCustomLine): PricedLine => ({
  quoteId: line.quoteId,
  unitPriceCents: line.lineTotalCents,
  quantity: 1,
  weightGrams: line.grams ?? 0,
});

/** The cart's custom prints at their quotes' prices; weightGrams is the slicer's grams for all the parts. */
async function customLinesOf(owner: CartOwner): Promise<CustomOrderLine[]> {
  return (await cartCustomOrderLines(owner)).map((line) => ({
    quoteId: line.quoteId,
    name: line.name,
    quantity: line.quantity,
    totalCents: line.lineTotalCents,
    weightGrams: line.grams,
  }));
}

function sameCustomLines(
  ordered: { quoteId: string | null; unitPriceCents: number }[],
  wanted: CustomOrderLine[],
): boolean {
  return (
    ordered.length === wanted.length &&
    wanted.every((line) => ordered.some((o) => o.quoteId === line.quoteId && o.unitPriceCents === line.totalCents))
  );
}

/** "Save this address": added to the buyer's book unless it is already there (a full book is left as it is). */
async function saveAddress(userId: string, address: Address): Promise<void> {
  const saved = await listAddresses(userId);
  if (saved.some((entry) => sameAddress(entry, address))) return;
  try {
    await addAddress(userId, address);
  } catch (error) {
    if (!(error instanceof DomainError && error.code === "address.too_many")) throw error;
  }
}
