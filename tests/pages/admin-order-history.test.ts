import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { orderRow, placeOrderCall, seedItems } from "../support/shop.ts";
import { loadSite } from "../support/site.ts";

/**
 * An order's history on the admin's order page: each event's reason worded in the page's language,
 * and beside it the event's detail (here the words the admin typed when cancelling).
 */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
  await seedItems([{ id: "hist-lamp", stock: 5, priceCents: 1200 }]);
}, 60_000);
afterAll(() => site.close());

const page = (path: string, fields?: Record<string, string>) =>
  site.app.request(`${ORIGIN}${path}`, {
    method: fields ? "POST" : "GET",
    headers: {
      origin: ORIGIN,
      cookie: admin.cookie,
      ...(fields ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: fields ? new URLSearchParams(fields).toString() : undefined,
  });

/** The history's card: from its heading to the end of its list. */
function historyOf(html: string, heading: string): string {
  const start = html.indexOf(`>${heading}</h2>`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</ol>", start));
}

describe("the admin's order history", () => {
  it("words a cancellation's reason in each language and shows the admin's words beside it", async () => {
    const { body } = await placeOrderCall(await signUpUser(), [{ itemId: "hist-lamp", quantity: 1 }]);
    const orderId = body.order.id as string;
    const cancelled = await page(`/admin/orders/${orderId}`, {
      intent: "cancel",
      confirmed: "yes",
      note: "  Buyer phoned to change the colour  ",
    });
    expect(cancelled.status).toBe(200);
    expect((await orderRow(orderId)).status).toBe("cancelled");

    const english = historyOf(await (await page(`/admin/orders/${orderId}`)).text(), "History");
    expect(english).toContain("Order placed");
    expect(english).toContain("Cancelled; items back in stock");
    expect(english).toContain(">Buyer phoned to change the colour</p>");
    expect(english).not.toContain("cancelled_by_admin");
    expect(english).not.toContain("|");

    const french = historyOf(await (await page(`/fr/admin/orders/${orderId}`)).text(), "Historique");
    expect(french).toContain("Commande passée");
    expect(french).toContain("Annulée\u00a0; articles remis en stock");
    expect(french).toContain(">Buyer phoned to change the colour</p>");
  });
});
