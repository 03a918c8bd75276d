import { validateGuest, type GuestDetails } from "../../domain/guest-checkout.ts";
import type { Locale } from "../../domain/locale.ts";
import type { CartOwner } from "../cart/cart-owner.ts";
import { config } from "../config.ts";
import { orderAccessKeys } from "../db/schema.ts";
import type { Executor } from "../db/transaction.ts";
import { DomainError } from "../errors.ts";
import { composeMail } from "../mail/emails/compose.ts";
import { guestOrderEmail } from "../mail/emails/templates.ts";
import { queueMail } from "../mail/outbox.ts";
import { mayMailRecipient } from "../mail/recipient-limit.ts";
import { guestOrderPath, hashAccessKey, newAccessKey } from "./access-keys.ts";
import { placeOrderFromCart, type DeliveryChoice } from "./place-from-cart.ts";

/**
 * Guest checkout. A guest is no user: their order belongs to no account, keeps the details they
 * typed as its contact (contact.ts), and opens only through its access key (access-keys.ts).
 */
export type GuestOrder = { id: string; totalCents: number; key: string };

/**
 * Places the order for a cart (a browser's, or an account's not yet verified) as a guest's, in one
 * step: the order, its contact, its key and the e-mail with its link are written in one
 * transaction, so a crash leaves either no order or one whose link works. The cart stays the
 * browser's (paying takes the order's lines out of it); a second submit resumes the same order.
 */
export async function placeGuestOrder(input: {
  cart: CartOwner;
  guest: unknown;
  locale: Locale;
  delivery: DeliveryChoice;
  clientAddress?: string;
  now?: Date;
  discountCode?: unknown;
}): Promise<GuestOrder> {
  const checked = validateGuest(input.guest);
  if (!checked.ok) throw new DomainError("checkout.invalid_guest", { fields: checked.errors });
  const guest = checked.value;
  const key = newAccessKey();
  const placed = await placeOrderFromCart({
    userId: null,
    cart: input.cart,
    contact: guest,
    locale: input.locale,
    delivery: input.delivery,
    clientAddress: input.clientAddress,
    now: input.now,
    discountCode: input.discountCode,
    onPlaced: async (tx, order, resumed) => {
      await tx.insert(orderAccessKeys).values({ orderId: order.id, keyHash: hashAccessKey(key) });
      // A second submit resumes the order: this answer's cookie gets a key, the guest no second e-mail.
      // Counted per recipient too: the page and its cookie open the order without the e-mail.
      if (!resumed && (await mayMailRecipient("guest-order", guest.email)))
        await queueMail(tx, await orderLinkMail(tx, guest, order.id, key, input.locale));
    },
  });
  return { id: placed.id, totalCents: placed.totalCents, key };
}

/** The guest's e-mail with the order's link, queued like the receipt (sent when a mail server is set). */
async function orderLinkMail(db: Executor, guest: GuestDetails, orderId: string, key: string, locale: Locale) {
  const orderUrl = new URL(guestOrderPath(orderId, key, locale), config.publicUrl).toString();
  const mail = await composeMail(guestOrderEmail, { name: guest.fullName, orderId, orderUrl }, locale, db);
  return { to: guest.email, orderId, ...mail };
}
