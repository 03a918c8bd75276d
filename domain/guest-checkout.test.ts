import { describe, expect, it } from "vitest";
import { validateGuest } from "./guest-checkout.ts";

describe("validateGuest", () => {
  it("takes an address, a name and a phone, the address in lower case", () => {
    expect(validateGuest({ email: " Ana@Example.CA ", fullName: "Ana", phone: "514 555-0101" })).toEqual({
      ok: true,
      value: { email: "ana@example.ca", fullName: "Ana", phone: "514 555-0101" },
    });
  });

  it("names each field's problem", () => {
    expect(validateGuest({ email: "nope", fullName: "", phone: "call me" })).toEqual({
      ok: false,
      errors: { email: "invalidEmail", fullName: "required", phone: "invalidPhone" },
    });
    expect(validateGuest(undefined)).toEqual({
      ok: false,
      errors: { email: "required", fullName: "required", phone: "required" },
    });
  });
});
