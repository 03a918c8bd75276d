import { Hono } from "hono";
import { messagesFor } from "../../messages/messages.server.ts";
import { isLocale, type Locale } from "../../domain/locale.ts";
import { apiAdmin, apiUser } from "../auth/session.ts";
import { DomainError } from "../errors.ts";
import { jsonBody } from "../http/json-body.ts";
import { ApiError, refusal } from "../http/errors.ts";
import { clientAddress } from "../http/client-address.ts";
import { createRateLimiter } from "../http/rate-limit.ts";
import {
  cancelOrderAsAdmin,
  FULFILMENT_METHODS,
  fulfilOrder,
  type FulfilmentMethod,
} from "../orders/fulfil-or-cancel.ts";
import { parseDiscountCode, parseLines, quoteLines } from "../orders/place-order.ts";
import { placeOrderFromRequest } from "../orders/place-from-cart.ts";
import { StockConflict, type LineProblem } from "../orders/problems.ts";
import { listOrdersForAdmin, orderDetailForAdmin, orderForViewer, parseStatus } from "../orders/queries.ts";
import { cancelPendingOrder } from "../orders/release.ts";
import { mayTryCode } from "../promotions/code-tries.ts";

/** Placing, reading and managing orders. Handlers adapt HTTP to server/orders. */
export const ordersApi = new Hono();

const placing = createRateLimiter({ max: 20, windowMs: 60_000 });

function problemMessage(problem: LineProblem, locale: Locale): string {
  const m = messagesFor(locale).checkout;
  const name = problem.name?.[locale] || problem.name?.en || m.unknownItem;
  return problem.kind === "notAvailable" ? m.problemNotAvailable(name) : m.problemStock(name, problem.available);
}

/** The stock conflict as a 409: one message per item, in the buyer's language. */
export function stockConflictError(error: StockConflict, locale: Locale): ApiError {
  const fields = Object.fromEntries(error.problems.map((p) => [p.itemId, problemMessage(p, locale)]));
  return new ApiError(409, Object.values(fields).join("\n"), fields);
}

ordersApi.post("/orders/quote", async (c) => {
  const body = await jsonBody(c);
  return c.json(await quoteLines(parseLines(body)));
});

ordersApi.post("/orders", async (c) => {
  const user = await apiUser(c.req.raw.headers);
  await placing.consume(clientAddress(c), "place-order");
  const body = await jsonBody(c);
  const locale = isLocale(body.locale) ? body.locale : "en";
  const lines = parseLines(body);
  try {
    const order = await placeOrderFromRequest({
      user,
      locale,
      lines,
      delivery: body.delivery,
      clientAddress: clientAddress(c),
      discountCode: parseDiscountCode(body.discountCode),
    });
    return c.json({ order: { ...order, amount: order.totalCents } }, 201);
  } catch (error) {
    if (error instanceof StockConflict) throw stockConflictError(error, locale);
    // A refused discount code counts against the client address, as at checkout: codes are not guessed.
    if (error instanceof DomainError && error.code.startsWith("discount.") && !(await mayTryCode(clientAddress(c))))
      throw new ApiError(429, messagesFor(locale).checkout.discount.tooManyTries);
    // In the order's language, sent with it.
    if (error instanceof DomainError) return refusal(c, error, locale);
    throw error;
  }
});

ordersApi.get("/orders/:id", async (c) => {
  const user = await apiUser(c.req.raw.headers);
  const order = await orderForViewer(c.req.param("id"), user);
  if (!order) throw new DomainError("order.not_found");
  return c.json({ order });
});

ordersApi.post("/orders/:id/cancel", async (c) => {
  const user = await apiUser(c.req.raw.headers);
  const order = await orderForViewer(c.req.param("id"), user);
  if (!order || order.userId !== user.id) throw new DomainError("order.not_found");
  if (!(await cancelPendingOrder(order.id, user.id))) throw new DomainError("order.not_cancellable");
  return c.json({ ok: true });
});

// Admin
ordersApi.get("/admin/orders", async (c) => {
  await apiAdmin(c.req.raw.headers);
  const page = Number.parseInt(c.req.query("page") ?? "1", 10);
  return c.json(
    await listOrdersForAdmin({
      status: parseStatus(c.req.query("status")),
      q: c.req.query("q"),
      page: Number.isFinite(page) ? page : 1,
    }),
  );
});

ordersApi.get("/admin/orders/:id", async (c) => {
  await apiAdmin(c.req.raw.headers);
  const order = await orderDetailForAdmin(c.req.param("id"));
  if (!order) throw new DomainError("order.not_found");
  return c.json({ order });
});

ordersApi.post("/admin/orders/:id/fulfil", async (c) => {
  const admin = await apiAdmin(c.req.raw.headers);
  const body = await jsonBody(c);
  const method = FULFILMENT_METHODS.includes(body.method as FulfilmentMethod)
    ? (body.method as FulfilmentMethod)
    : null;
  if (!method) throw new ApiError(400, "Choose how the order was fulfilled", { method: "shipped or picked_up" });
  // The admin page's "hand it over without waiting for the buyer's approval" (decision 081): a boolean, or absent.
  if (body.withoutApproval !== undefined && typeof body.withoutApproval !== "boolean")
    throw new ApiError(400, "withoutApproval must be true or false", { withoutApproval: "true or false" });
  const note = typeof body.note === "string" ? body.note : undefined;
  await fulfilOrder(c.req.param("id"), admin.id, method, note, { withoutApproval: body.withoutApproval === true });
  return c.json({ order: await orderDetailForAdmin(c.req.param("id")) });
});

ordersApi.post("/admin/orders/:id/cancel", async (c) => {
  const admin = await apiAdmin(c.req.raw.headers);
  const body = await jsonBody(c);
  const result = await cancelOrderAsAdmin(
    c.req.param("id"),
    admin.id,
    typeof body.note === "string" ? body.note : undefined,
    { cancelStartedParts: body.cancelStartedParts === true },
  );
  return c.json({ result, order: await orderDetailForAdmin(c.req.param("id")) });
});
