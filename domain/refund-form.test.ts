import { describe, expect, it } from "vitest";
import { parseCents, refundRequestFromForm } from "./refund-form.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the admin's refund form", () => {
  it("reads units per line and the shipping", () => {
    expect(refundRequestFromForm(form({ "qty-4": "2", "qty-5": "0", shipping: "on" }), [4, 5])).toEqual({
      request: { kind: "lines", lines: [{ orderLineId: 4, quantity: 2 }], shipping: true },
    });
  });

  it("reads an amount typed with a comma or a dollar sign", () => {
    expect(refundRequestFromForm(form({ amount: "$ 12,50" }), [4])).toEqual({
      request: { kind: "amount", amountCents: 1250 },
    });
    expect(parseCents("12")).toBe(1200);
    expect(parseCents("12.505")).toBeNull();
  });

  it("says which field is wrong", () => {
    expect(refundRequestFromForm(form({ "qty-4": "1.5" }), [4])).toEqual({
      field: "line-4",
      code: "cart.invalid_quantity",
    });
    expect(refundRequestFromForm(form({ "qty-4": "1", amount: "5" }), [4])).toEqual({
      field: "amount",
      code: "refund.lines_or_amount",
    });
    expect(refundRequestFromForm(form({ amount: "0" }), [4])).toEqual({
      field: "amount",
      code: "refund.invalid_amount",
    });
    expect(refundRequestFromForm(form({}), [4])).toEqual({ code: "refund.nothing_chosen" });
  });
});
