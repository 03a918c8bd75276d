import { ApiError } from "../http/errors.ts";
import { getSessionUser, requirePageUser } from "../auth/session.ts";
import { guestOrderOf } from "./guest-checkout.ts";

/**
 * Who pays: the signed-in buyer, else the guest whose order this browser placed or opened by its
 * link (its cookie), and then only for that order.
 */
export async function payerId(headers: Headers, orderId?: unknown): Promise<string | null> {
  const user = await getSessionUser(headers, { fresh: true });
  if (user) return user.id;
  const guest = await guestOrderOf(headers);
  if (!guest || (orderId !== undefined && orderId !== guest.orderId)) return null;
  return guest.userId;
}

export async function apiPayerId(headers: Headers, orderId?: unknown): Promise<string> {
  const id = await payerId(headers, orderId);
  if (!id) throw new ApiError(401, "User not authenticated");
  return id;
}

/** For the payment pages: the payer, or (no one) the log-in page as before. */
export async function requirePagePayer(request: Request, orderId?: string): Promise<string> {
  return (await payerId(request.headers, orderId)) ?? (await requirePageUser(request)).id;
}
