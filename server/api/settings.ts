import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { apiAdmin, getSessionUser, hasSessionCredentials } from "../auth/session.ts";
import { requestMessages } from "../http/request-locale.ts";
import { ApiError, handleApiError } from "../http/errors.ts";
import { DomainError } from "../errors.ts";
import {
  addTaxRate,
  getShopSettings,
  listSettingsChanges,
  setTaxRegistration,
  updateProductionCapacity,
  updateStudioSettings,
  updateZoneBands,
} from "../settings/shop-settings.ts";
import { getStudioIdentity, updateStudioIdentity } from "../settings/studio-identity.ts";
import { isReportPeriod, taxReport, taxReportCsv } from "../orders/tax-report.ts";
import { priceCheckout } from "../orders/checkout-price.ts";
import { parseDiscountCode, parseLines } from "../orders/place-order.ts";
import { refusalError } from "../promotions/apply.ts";
import { mayTryCode } from "../promotions/code-tries.ts";
import { clientAddress } from "../http/client-address.ts";
import { createRateLimiter } from "../http/rate-limit.ts";
import { requestLocale } from "../http/request-locale.ts";

/** The admin's shipping and tax settings as JSON (the page uses route actions; scripts and tests use this). */
export const settingsApi = new Hono();
settingsApi.onError(handleApiError);
// Who first: a stranger hears 401 before anything about the body.
for (const path of ["/admin/settings", "/admin/settings/*", "/admin/reports/*"]) {
  settingsApi.use(path, async (c, next) => {
    await apiAdmin(c.req.raw.headers);
    await next();
  });
}
settingsApi.use(
  "/admin/settings/*",
  bodyLimit({
    maxSize: 16 * 1024,
    onError: () => {
      throw new ApiError(400, "Request body too large");
    },
  }),
);

async function body(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  const value = JSON.parse(text) as unknown;
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * What the client read (`updatedAt` as `loadedAt`, a zone's `version` as `loadedVersion`), required:
 * without it a save could silently undo another admin's newer one (issue 34, A7).
 */
function loadedAtOf(input: Record<string, unknown>): string {
  if (typeof input.loadedAt !== "string" || !input.loadedAt)
    throw new DomainError("settings.version_required", { field: "loadedAt" });
  return input.loadedAt;
}
function loadedVersionOf(input: Record<string, unknown>): string {
  if (typeof input.loadedVersion !== "string" || !input.loadedVersion)
    throw new DomainError("settings.version_required", { field: "loadedVersion" });
  return input.loadedVersion;
}

/**
 * Runs a change as the admin. A refusal (settings.invalid with each field's problem, settings.not_found,
 * settings.stale) is answered by handleApiError in the admin's language (server/http/error-text.ts).
 */
async function change<T>(c: Context, run: (actorUserId: string) => Promise<T>): Promise<T> {
  const admin = await apiAdmin(c.req.raw.headers);
  return run(admin.id);
}

settingsApi.get("/admin/settings", async (c) => {
  await apiAdmin(c.req.raw.headers);
  return c.json({ ...(await getShopSettings()), changes: await listSettingsChanges() });
});

settingsApi.put("/admin/settings/studio", async (c) => {
  const input = await body(c);
  // The settings' updatedAt as the client read them: a save over a newer one is refused.
  const loadedAt = loadedAtOf(input);
  return c.json({ studio: await change(c, (actor) => updateStudioSettings(actor, input, loadedAt)) });
});

/** The production capacity (issue 24): `{printers, hoursPerDay, marginDays}`, whole numbers; `loadedAt` as for the studio. */
settingsApi.put("/admin/settings/capacity", async (c) => {
  const input = await body(c);
  const loadedAt = loadedAtOf(input);
  return c.json({ capacity: await change(c, (actor) => updateProductionCapacity(actor, input, loadedAt)) });
});

settingsApi.get("/admin/settings/identity", async (c) => {
  await apiAdmin(c.req.raw.headers);
  return c.json({ identity: await getStudioIdentity() });
});

/** The studio's identity (issue 23): the same schema as Admin → Settings; `loadedAt` refuses a stale save. */
settingsApi.put("/admin/settings/identity", async (c) => {
  const input = await body(c);
  const loadedAt = loadedAtOf(input);
  return c.json({ identity: await change(c, (actor) => updateStudioIdentity(actor, input, loadedAt)) });
});

/** A zone's bands `{maxGrams[], price[], loadedVersion}`: the zone's `version` as the settings gave it. */
settingsApi.put("/admin/settings/zones/:id", async (c) => {
  const input = await body(c);
  const loadedVersion = loadedVersionOf(input);
  return c.json({
    zone: await change(c, (actor) => updateZoneBands(actor, c.req.param("id"), input, loadedVersion)),
  });
});

settingsApi.put("/admin/settings/registrations/:jurisdiction", async (c) => {
  const input = await body(c);
  if (typeof input.registered !== "boolean")
    throw new ApiError(400, requestMessages(c.req.raw.headers).settings.fixErrors, { registered: "true | false" });
  await change(c, (actor) => setTaxRegistration(actor, c.req.param("jurisdiction"), input.registered as boolean));
  return c.json({ jurisdiction: c.req.param("jurisdiction"), registered: input.registered });
});

settingsApi.post("/admin/settings/tax-rates", async (c) => {
  const input = await body(c);
  return c.json({ rate: await change(c, (actor) => addTaxRate(actor, input)) }, 201);
});

// The sales-tax report of a period, as CSV: GET /api/admin/reports/taxes.csv?from=2026-01-01&to=2026-03-31
settingsApi.get("/admin/reports/taxes.csv", async (c) => {
  await apiAdmin(c.req.raw.headers);
  const from = c.req.query("from") ?? "";
  const to = c.req.query("to") ?? "";
  if (!isReportPeriod(from, to))
    throw new ApiError(400, requestMessages(c.req.raw.headers).settings.report.invalidPeriod);
  const csv = taxReportCsv(await taxReport(from, to));
  return c.body(csv, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="taxes-${from}-${to}.csv"`,
    "cache-control": "no-store",
  });
});

// The checkout's live quote: shipping and taxes for the lines and the address as typed. Public, like
// /api/orders/quote; the answer is in the page's language (Accept-Language).
const quoteLimiter = createRateLimiter({ max: 120, windowMs: 60_000 });
const quoteBodyLimit = bodyLimit({
  maxSize: 32 * 1024,
  onError: () => {
    throw new ApiError(400, "Request body too large");
  },
});
settingsApi.post("/checkout/price", quoteBodyLimit, async (c) => {
  await quoteLimiter.consume(clientAddress(c), "checkout-price");
  const input = await body(c);
  const lines = parseLines({ lines: input.lines });
  // An optional discount code, as the checkout page takes it; promotions for this buyer (if signed in).
  const code = parseDiscountCode(input.discountCode);
  const user = hasSessionCredentials(c.req.raw.headers) ? await getSessionUser(c.req.raw.headers) : null;
  const price = await priceCheckout({
    lines,
    method: input.method,
    address: input.address,
    locale: requestLocale(c.req.raw.headers),
    discount: { code: code ?? "", buyer: { userId: user?.id ?? null, email: user?.email ?? null } },
  });
  // A refused code answers as the page words it next to its field, and counts against the client address.
  const promotion = price.promotion;
  if (promotion?.codeRefusal) {
    if (!(await mayTryCode(clientAddress(c))))
      throw new ApiError(429, requestMessages(c.req.raw.headers).checkout.discount.tooManyTries);
    throw refusalError(promotion.codeRefusal);
  }
  const codeUsed = promotion?.applied.some((d) => promotion.promotions.get(d.promotionId)?.code) ?? false;
  const { subtotalCents, shippingCents, freeShipping, weightGrams, placeOfSupply, taxCents, totalCents } = price;
  const taxes = price.taxes.map((t, i) => ({ ...t, label: price.taxLabels[i] }));
  return c.json({
    subtotalCents,
    discountCents: price.discountCents,
    shippingDiscountCents: price.shippingDiscountCents,
    discountCode: codeUsed ? promotion!.code : null,
    shippingCents,
    freeShipping,
    weightGrams,
    placeOfSupply,
    taxes,
    taxCents,
    totalCents,
    address: price.address,
  });
});
