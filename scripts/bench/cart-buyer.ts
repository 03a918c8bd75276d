import { keepCookies } from "./cookies.ts";

/** A verified buyer with a placed order (pickup, unpaid) and then one item in the cart. */
export async function buyerWithCartAndOrder(
  url: string,
  verificationLink: (email: string) => Promise<string>,
): Promise<{ cookie: string; orderId: string }> {
  const email = `load-cart-buyer-${Date.now()}@example.test`;
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json" },
    body: JSON.stringify({ name: "cartbuyer", email, password: "bench-password" }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status}`);
  let cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await fetch(await verificationLink(email), { redirect: "manual" });
  const placed = await fetch(`${url}/api/orders`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json", cookie },
    body: JSON.stringify({ lines: [{ itemId: "bench-1", quantity: 1 }], delivery: { method: "pickup" } }),
  });
  if (!placed.ok) throw new Error(`place order: ${placed.status} ${await placed.text()}`);
  const { order } = (await placed.json()) as { order: { id: string } };
  const added = await fetch(`${url}/cart`, {
    method: "POST",
    headers: { origin: url, cookie },
    body: new URLSearchParams({ intent: "add", itemId: "bench-2", quantity: "1" }),
    redirect: "manual",
  });
  if (added.status !== 302) throw new Error(`add to cart: ${added.status}`);
  cookie = keepCookies(cookie, added);
  // The browser follows the redirect: the cart shows the form's outcome once, and forgets it.
  cookie = keepCookies(cookie, await fetch(`${url}/cart`, { headers: { cookie } }));
  return { cookie, orderId: order.id };
}
