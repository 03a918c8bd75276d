import { ApiError } from "../http/errors.ts";
import { getSessionUser, requirePageUser } from "../auth/session.ts";
import { guestOrderOf } from "./access-keys.ts";
import type { Payer } from "./queries.ts";

/**
 * Who pays: the signed-in buyer, and the guest whose order this browser placed or opened by its
 * link (its cookie), for that order only.
 */
export async function payerOf(headers: Headers, orderId?: unknown): Promise<Payer | null> {
  const user = await getSessionUser(headers, { fresh: true });
  const guest = await guestOrderOf(headers);
  const guestOrderId = guest && (orderId === undefined || orderId === guest.orderId) ? guest.orderId : null;
  if (!user && !guestOrderId) return null;
  return { userId: user?.id ?? null, guestOrderId };
}

export async function apiPayer(headers: Headers, orderId?: unknown): Promise<Payer> {
  const payer = await payerOf(headers, orderId);
  if (!payer) throw new ApiError(401, "User not authenticated");
  return payer;
}

/** For the payment pages: the payer, or (no one) the log-in page as before. */
export async function requirePagePayer(request: Request, orderId?: string): Promise<Payer> {
  return (
    (await payerOf(request.headers, orderId)) ?? { userId: (await requirePageUser(request)).id, guestOrderId: null }
  );
}
