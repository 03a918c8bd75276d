import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { api } from "../../server/api/index.ts";
import { fromAddress, ORIGIN, signUpUser } from "../support/api.ts";

/** Every JSON write endpoint, fed malformed bodies: always a 4xx, never a 5xx or a stack trace. */
const writeEndpoints = [
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  ...new Set(api.routes.filter((r) => r.method === "POST" && !r.path.includes("*")).map((r) => r.path)),
];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.constantFrom("", " ", "\u0000", "'; drop table users; --", "<script>alert(1)</script>", "x".repeat(100_000), "😀".repeat(2_000), "-1", "1e309", "NaN"),
);
const hostileValue = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.jsonValue(), { maxLength: 5 }));
const hostileBody = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.dictionary(fc.constantFrom("itemId", "orderId", "amount", "email", "name", "message", "quantity", "lines", "updates", "version", "paymentIntent", "clientSecret", "projectType", "price", "stock"), hostileValue).map((v) => JSON.stringify(v)),
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
        const response = await api.request(`${ORIGIN}${path.replace(/:(\w+)/g, "fuzz")}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: ORIGIN, cookie: admin.cookie },
          body,
        }, fromAddress(nextAddress()));
        const text = await response.text();
        if (!BODYLESS.has(path)) expect(response.status, text.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(response.status, text.slice(0, 300)).toBeLessThan(500);
        expect(text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  }, 120_000);
});
