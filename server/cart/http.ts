import { getSessionUser, type SessionUser } from "../auth/session.ts";
import type { CartOwner } from "./cart.ts";
import { readBrowserId } from "../quotes/owner.ts";
import { adoptBrowserQuotes } from "../quotes/quotes.ts";
import { mergeBrowserCart } from "./cart.ts";
import { clearedCartCookie, readCartToken } from "./cookie.ts";

/** The cart a page request works on: the signed-in user's, else this browser's. */
export function cartOwnerOf(request: Request, user: SessionUser | null): CartOwner {
  return user ? { userId: user.id } : { token: readCartToken(request.headers) };
}

export async function requestCartOwner(request: Request): Promise<CartOwner> {
  return cartOwnerOf(request, await getSessionUser(request.headers));
}

/**
 * After log-in or sign-up: the browser's cart joins the user's, and the browser's cookie goes
 * (the user's cart is found by the session from now on).
 */
export async function mergeCartAtSignIn(request: Request, userId: string, responseHeaders: Headers): Promise<void> {
  // The browser's quotes become the account's first, so that its custom prints come with its cart.
  const browserId = readBrowserId(request.headers);
  if (browserId && userId) await adoptBrowserQuotes(browserId, userId);
  const token = readCartToken(request.headers);
  if (!token || !userId) return;
  await mergeBrowserCart(token, userId);
  responseHeaders.append("Set-Cookie", clearedCartCookie(request.url));
}
