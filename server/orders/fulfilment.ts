import { and, asc, eq, inArray } from "drizzle-orm";
import { addressLines, type Address } from "../../domain/address.ts";
import { CARRIER_NAMES, isCarrier, normaliseTrackingNumber, trackingUrl, type Carrier } from "../../domain/carriers.ts";
import type { Locale } from "../../domain/locale.ts";
import { MONEY_BACK_REASONS } from "../../domain/order-events.ts";
import type { Delivery, OrderPrice } from "../../domain/pricing.ts";
import { taxLabel, type TaxCode } from "../../domain/tax.ts";
import { getDb } from "../db/index.ts";
import {
  orderDelivery,
  orderEvents,
  orders,
  orderTaxLines,
  type AddressSnapshot,
  type DeliveryMethod,
  type FulfilmentStatus,
} from "../db/schema.ts";
import { queueMail } from "../mail/outbox.ts";
import { deliverNow } from "../mail/mailer.ts";
import { afterCommit } from "../db/transaction-scope.ts";
import { composeMail } from "../mail/emails/compose.ts";
import { pickedUpEmail, readyForPickupEmail, shippedEmail } from "../mail/emails/templates.ts";
import { getStudioSettings } from "../settings/shop-settings.ts";
import { cleanText } from "./ids.ts";
import { isSafeId } from "../http/safe-id.ts";
import { orderPageUrlForMail } from "./access-keys.ts";
import { orderContact } from "./contact.ts";
import type { Executor, Tx } from "../db/transaction.ts";
import { DomainError } from "../errors.ts";
import { partsNotDone } from "../quotes/workflow.ts";
import { awaitingApproval } from "../conversations/approval-state.ts";
import { lockOrder } from "./order-lock.ts";

/**
 * An order's delivery, money and fulfilment (decision 029): what was priced at checkout, kept as
 * it was, and the steps paid → packed → shipped → delivered, or → ready for pickup → picked up.
 */

/** Checkout calls this in the transaction that writes the order, with the server's own priceOrder result. */
export async function recordOrderPricing(
  tx: Tx,
  orderId: string,
  input: { delivery: Delivery; address: Address | null; price: OrderPrice },
): Promise<void> {
  const { delivery, address, price } = input;
  if (delivery.method === "ship" && !address) throw new Error("A delivery needs its address");
  const snapshot: AddressSnapshot | null =
    delivery.method === "ship" && address
      ? {
          fullName: address.fullName,
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          province: address.province,
          postalCode: address.postalCode,
          phone: address.phone,
          country: "CA",
        }
      : null;
  await tx.insert(orderDelivery).values({
    orderId,
    method: delivery.method,
    address: snapshot,
    subtotalCents: price.subtotalCents,
    shippingCents: price.shippingCents,
    shippingDiscountCents: price.shippingDiscountCents,
  });
  if (price.taxes.length > 0) {
    await tx.insert(orderTaxLines).values(
      price.taxes.map((t) => ({
        orderId,
        code: t.code,
        jurisdiction: t.jurisdiction,
        ratePpm: t.ratePpm,
        taxableBaseCents: t.taxableBaseCents,
        amountCents: t.amountCents,
      })),
    );
  }
}

export type OrderDeliveryView = {
  method: DeliveryMethod;
  address: AddressSnapshot | null;
  addressLines: string[];
  subtotalCents: number;
  /** What the studio's promotions took off the goods (decision 080); shippingCents is already net of its own. */
  discountCents: number;
  shippingCents: number;
  fulfilmentStatus: FulfilmentStatus | null;
  carrier: Carrier | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  taxes: {
    code: TaxCode;
    jurisdiction: string;
    ratePpm: number;
    taxableBaseCents: number;
    amountCents: number;
    label: string;
  }[];
  pickup: { address: string; hours: string } | null;
};

/** The delivery of an order placed with one (orders from before have none: null). */
export async function loadOrderDelivery(
  orderId: string,
  locale: Locale,
  db: Executor | null = null,
): Promise<OrderDeliveryView | null> {
  if (!isSafeId(orderId)) return null;
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({ delivery: orderDelivery, discountCents: orders.discountCents })
    .from(orderDelivery)
    .innerJoin(orders, eq(orders.id, orderDelivery.orderId))
    .where(eq(orderDelivery.orderId, orderId))
    .then((rows) => rows.map((r) => ({ ...r.delivery, orderDiscountCents: r.discountCents })));
  if (!row) return null;
  const taxes = await executor
    .select()
    .from(orderTaxLines)
    .where(eq(orderTaxLines.orderId, orderId))
    .orderBy(asc(orderTaxLines.id));
  // Inside a transaction its own reader (one query at a time); otherwise the settings kept in memory.
  const studio = row.method === "pickup" ? await getStudioSettings(db) : null;
  return {
    method: row.method,
    address: row.address,
    addressLines: row.address ? addressLines(row.address) : [],
    subtotalCents: row.subtotalCents,
    discountCents: row.orderDiscountCents - row.shippingDiscountCents,
    shippingCents: row.shippingCents,
    fulfilmentStatus: row.fulfilmentStatus,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.carrier && row.trackingNumber ? trackingUrl(row.carrier, row.trackingNumber, locale) : null,
    taxes: taxes.map((t) => ({
      code: t.code,
      jurisdiction: t.jurisdiction,
      ratePpm: t.ratePpm,
      taxableBaseCents: t.taxableBaseCents,
      amountCents: t.amountCents,
      label: taxLabel(t, locale),
    })),
    pickup: studio ? { address: studio.pickupAddress, hours: studio.pickupHours[locale] } : null,
  };
}

export const FULFILMENT_STEPS = ["packed", "shipped", "delivered", "ready_for_pickup", "picked_up"] as const;
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];

/** From which fulfilment state (null: just paid) each step may be taken, and for which delivery method. */
const STEP_RULES: Record<
  FulfilmentStep,
  { method: DeliveryMethod; from: (FulfilmentStatus | null)[]; completes: boolean }
> = {
  packed: { method: "ship", from: [null], completes: false },
  shipped: { method: "ship", from: [null, "packed"], completes: true },
  delivered: { method: "ship", from: ["shipped"], completes: false },
  ready_for_pickup: { method: "pickup", from: [null, "packed"], completes: false },
  picked_up: { method: "pickup", from: ["ready_for_pickup"], completes: true },
};

/** The steps that hand the order over (or tell the buyer to come for it): refused while a dispute holds the order. */
export const HANDOVER_STEPS: readonly FulfilmentStep[] = ["shipped", "ready_for_pickup", "picked_up"];

/** The order's own status at each fulfilment state: shipped and picked-up orders are "fulfilled". */
function orderStatusAt(state: FulfilmentStatus | null): "paid" | "fulfilled" {
  return state === "shipped" || state === "picked_up" || state === "delivered" ? "fulfilled" : "paid";
}

/** The steps an admin may take next on an order. */
export function nextSteps(
  method: DeliveryMethod,
  orderStatus: string,
  current: FulfilmentStatus | null,
): FulfilmentStep[] {
  if (orderStatus !== orderStatusAt(current)) return [];
  return FULFILMENT_STEPS.filter(
    (step) => STEP_RULES[step].method === method && STEP_RULES[step].from.includes(current),
  );
}

/**
 * Takes one step, recorded with who and when. Shipping needs a carrier and tracking number.
 * "Shipped" and "picked up" also move the order to `fulfilled`, as the older single step did.
 * The buyer's e-mail (shipped, ready for pickup, picked up) is queued in the same transaction.
 */
export async function advanceFulfilment(
  orderId: string,
  actorUserId: string,
  step: string,
  details: {
    carrier?: string;
    trackingNumber?: string;
    note?: string;
    /** The admin's explicit word that it leaves before its custom parts are done. */ withoutParts?: boolean;
    /**
     * The admin's explicit word that it is handed over although the buyer has not approved the
     * finished part yet (decision 081); recorded in the order's history.
     */
    withoutApproval?: boolean;
  } = {},
): Promise<FulfilmentStatus> {
  if (!isSafeId(orderId)) throw new DomainError("order.not_found");
  if (!(FULFILMENT_STEPS as readonly string[]).includes(step)) throw new DomainError("fulfilment.not_allowed");
  const rule = STEP_RULES[step as FulfilmentStep];
  let carrier: Carrier | null = null;
  let trackingNumber: string | null = null;
  if (step === "shipped") {
    if (!isCarrier(details.carrier)) throw new DomainError("fulfilment.choose_carrier", { field: "carrier" });
    trackingNumber = normaliseTrackingNumber(String(details.trackingNumber ?? "").slice(0, 100));
    if (!trackingNumber) throw new DomainError("fulfilment.invalid_tracking", { field: "trackingNumber" });
    carrier = details.carrier;
  }
  const db = await getDb();
  const now = new Date();
  const done = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    const order = locked?.order;
    const [delivery] = await tx.select().from(orderDelivery).where(eq(orderDelivery.orderId, orderId));
    if (!order || !delivery) return order ? ("refused" as const) : ("missing" as const);
    if (locked.refundPending) return "refund_pending" as const;
    if (locked.disputed && HANDOVER_STEPS.includes(step as FulfilmentStep)) return "disputed" as const;
    if (!nextSteps(delivery.method, order.status, delivery.fulfilmentStatus).includes(step as FulfilmentStep))
      return "refused" as const;
    // Shipping or handing over waits for the order's custom parts, unless the admin says otherwise (recorded).
    const partsPending = (step === "shipped" || step === "ready_for_pickup") && (await partsNotDone(tx, orderId)) > 0;
    if (partsPending && !details.withoutParts) return "parts" as const;
    // Handing over waits for the buyer's approval of the finished part, when the studio asked for it.
    const approvalAwaited = HANDOVER_STEPS.includes(step as FulfilmentStep) && (await awaitingApproval(orderId));
    if (approvalAwaited && !details.withoutApproval) return "approval" as const;
    await tx
      .update(orderDelivery)
      .set({
        fulfilmentStatus: step as FulfilmentStatus,
        updatedAt: now,
        ...(carrier ? { carrier, trackingNumber } : {}),
      })
      .where(eq(orderDelivery.orderId, orderId));
    const status = rule.completes ? "fulfilled" : order.status;
    if (rule.completes)
      await tx.update(orders).set({ status: "fulfilled", updatedAt: now }).where(eq(orders.id, orderId));
    const text = [partsPending ? "without finished custom parts" : "", cleanText(details.note)]
      .filter(Boolean)
      .join(" · ");
    const detail =
      carrier && trackingNumber ? `${CARRIER_NAMES.en[carrier]} ${trackingNumber}${text ? ` · ${text}` : ""}` : text;
    if (approvalAwaited)
      await tx.insert(orderEvents).values({
        orderId,
        status,
        actorUserId,
        reason: "handed_over_without_approval",
        createdAt: now,
      });
    await tx.insert(orderEvents).values({
      orderId,
      status,
      actorUserId,
      reason: `fulfilment_${step as FulfilmentStep}`,
      detail: detail || null,
      createdAt: now,
    });
    if (step === "shipped" || step === "ready_for_pickup" || step === "picked_up") {
      const mail = await fulfilmentMail(tx, orderId, step);
      if (mail) {
        await queueMail(tx, mail);
        // Sent at once, as a receipt is, not at the outbox's next round a minute later.
        afterCommit(() => void deliverNow());
      }
    }
    return "done" as const;
  });
  if (done === "missing") throw new DomainError("order.not_found");
  if (done === "parts") throw new DomainError("order.parts_not_done");
  if (done === "approval") throw new DomainError("order.awaiting_approval");
  if (done === "refund_pending") throw new DomainError("order.refund_pending");
  if (done === "disputed") throw new DomainError("order.disputed");
  if (done === "refused") throw new DomainError("fulfilment.not_allowed");
  return step as FulfilmentStatus;
}

/**
 * The order's contact (contact.ts) with the link an e-mail gives them: a guest's opens the order
 * with a key of its own, an account's once signed in. Null when the person had their details erased.
 */
export async function buyerOf(db: Executor, orderId: string) {
  const contact = await orderContact(orderId);
  if (!contact) return null;
  const [order] = await db
    .select({ totalCents: orders.totalCents, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, orderId));
  return { ...contact, ...order!, orderUrl: await orderPageUrlForMail(db, orderId, contact.locale) };
}

async function fulfilmentMail(db: Executor, orderId: string, step: "shipped" | "ready_for_pickup" | "picked_up") {
  const buyer = await buyerOf(db, orderId);
  if (!buyer) return null;
  const delivery = (await loadOrderDelivery(orderId, buyer.locale, db))!;
  const base = { name: buyer.fullName, orderId, orderUrl: buyer.orderUrl };
  const mail =
    step === "picked_up"
      ? await composeMail(pickedUpEmail, base, buyer.locale, db)
      : step === "shipped"
        ? await composeMail(
            shippedEmail,
            {
              ...base,
              carrier: CARRIER_NAMES[buyer.locale][delivery.carrier!],
              trackingNumber: delivery.trackingNumber!,
              trackingUrl: delivery.trackingUrl!,
            },
            buyer.locale,
            db,
          )
        : await composeMail(
            readyForPickupEmail,
            { ...base, address: delivery.pickup!.address, hours: delivery.pickup!.hours },
            buyer.locale,
            db,
          );
  return { to: buyer.email, orderId, ...mail };
}

/** Whether the buyer's money went back (a cancelled paid order, or a late payment returned). */
export async function wasRefunded(orderId: string): Promise<boolean> {
  if (!isSafeId(orderId)) return false;
  const db = await getDb();
  const [event] = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), inArray(orderEvents.reason, MONEY_BACK_REASONS)))
    .limit(1);
  return Boolean(event);
}
