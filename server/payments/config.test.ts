import { describe, expect, it } from "vitest";
import { paymentProviderName, PaymentsNotConfigured } from "./config.ts";

const STRIPE = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" };

describe("choosing the payment provider", () => {
  it("refuses to run the sandbox in production unless it is chosen explicitly", () => {
    expect(() => paymentProviderName({ NODE_ENV: "production" })).toThrow(PaymentsNotConfigured);
    expect(() => paymentProviderName({ NODE_ENV: "production" })).toThrow(/PAYMENTS=sandbox/);
    expect(() => paymentProviderName({ NODE_ENV: "production", PAYMENTS: "stripe" })).toThrow(/STRIPE_SECRET_KEY/);
    expect(paymentProviderName({ NODE_ENV: "production", PAYMENTS: "sandbox" })).toBe("sandbox");
    expect(paymentProviderName({ NODE_ENV: "production", ...STRIPE })).toBe("stripe");
  });

  it("uses the sandbox by default outside production, and Stripe when its keys are set", () => {
    expect(paymentProviderName({ NODE_ENV: "development" })).toBe("sandbox");
    expect(paymentProviderName({ NODE_ENV: "test" })).toBe("sandbox");
    expect(paymentProviderName({ NODE_ENV: "development", ...STRIPE })).toBe("stripe");
  });
});
