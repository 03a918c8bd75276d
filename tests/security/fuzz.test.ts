import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setPaymentProvider } from "../../server/payments/index.ts";
import { createSandboxProvider } from "../../server/payments/sandbox.ts";
import { api } from "../../server/api/index.ts";
import { fromAddress, ORIGIN, signUpUser } from "../support/api.ts";

/** Every JSON write endpoint, fed malformed bodies: always a 4xx, never a 5xx or a stack trace. */
const WEBHOOK = "/api/stripe/webhook";
const writeEndpoints = [
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  ...new Set(
    api.routes.filter((r) => r.method === "POST" && !r.path.includes("*") && r.path !== WEBHOOK).map((r) => r.path),
  ),
];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "'; drop table users; --",
    "<script>alert(1)</script>",
    "x".repeat(100_000),
    "😀".repeat(2_000),
    "-1",
    "1e309",
    "NaN",
  ),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
);
const hostileBody = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .dictionary(
      fc.constantFrom(
        "itemId",
        "orderId",
        "amount",
        "email",
        "name",
        "message",
        "quantity",
        "lines",
        "updates",
        "version",
        "paymentIntent",
        "clientSecret",
        "projectType",
        "price",
        "stock",
      ),
      hostileValue,
    )
    .map((v) => JSON.stringify(v)),
  fc.string().map((s) => `{${s}`),
);

let requestCount = 0;
// A different client address per request, so that rate limits do not cut the fuzzing short.
const nextAddress = () => `10.${(++requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`;

// Endpoints that take no body: any body is ignored, so a 2xx is right for them.
const BODYLESS = new Set(["/api/admin/outbox/retry"]);

describe.each(writeEndpoints)("POST %s", (path) => {
  it("answers malformed bodies with a 4xx and no stack trace", async () => {
    const admin = await signUpUser("admin");
    await fc.assert(
      fc.asyncProperty(hostileBody, async (body) => {
        const response = await api.request(
          `${ORIGIN}${path.replace(/:(\w+)/g, "fuzz")}`,
          {
            method: "POST",
            headers: { "content-type": "application/json", origin: ORIGIN, cookie: admin.cookie },
            body,
          },
          fromAddress(nextAddress()),
        );
        const text = await response.text();
        if (!BODYLESS.has(path)) expect(response.status, text.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(response.status, text.slice(0, 300)).toBeLessThan(500);
        expect(text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  }, 120_000);
});

/**
 * Stripe's webhook with a secret set, so that the fuzzed events pass the signature check and reach
 * the code that reads them (without one the endpoint is a 404 and the fuzz could never fail).
 * Intents are looked up at the sandbox, which knows none of them.
 */
describe("POST /api/stripe/webhook, signed", () => {
  const secret = "whsec_fuzz_secret";
  beforeAll(() => {
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_fuzz");
    vi.stubEnv("STRIPE_PUBLISHABLE_KEY", "pk_test_fuzz");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", secret);
    setPaymentProvider(createSandboxProvider());
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    setPaymentProvider(null);
  });

  const eventType = fc.oneof(
    fc.constantFrom(
      "payment_intent.succeeded",
      "payment_intent.canceled",
      "payment_intent.processing",
      "payment_intent.payment_failed",
      "charge.refunded",
    ),
    hostileString,
  );
  const event = fc.oneof(
    fc.record(
      { id: hostileString, type: eventType, data: fc.oneof(fc.record({ object: hostileValue }), hostileValue) },
      { requiredKeys: [] },
    ),
    fc.record({
      type: eventType,
      data: fc.record({
        object: fc.record(
          { id: hostileString, status: hostileString, amount: hostileValue, metadata: hostileValue },
          { requiredKeys: [] },
        ),
      }),
    }),
    fc.jsonValue(),
  );

  it("answers every signed malformed event without a 5xx, and refuses unsigned ones", async () => {
    await fc.assert(
      fc.asyncProperty(event, async (value) => {
        const payload = JSON.stringify(value) ?? "null";
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
        const response = await api.request(
          `${ORIGIN}${WEBHOOK}`,
          {
            method: "POST",
            headers: { "content-type": "application/json", "stripe-signature": signature },
            body: payload,
          },
          fromAddress(nextAddress()),
        );
        const text = await response.text();
        expect(response.status, `${payload.slice(0, 200)} → ${text.slice(0, 200)}`).toBeLessThan(500);
        expect(response.status).not.toBe(404);
        const unsigned = await api.request(
          `${ORIGIN}${WEBHOOK}`,
          { method: "POST", headers: { "content-type": "application/json" }, body: payload },
          fromAddress(nextAddress()),
        );
        expect([400, 413]).toContain(unsigned.status);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  }, 120_000);
});
