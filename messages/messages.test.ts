import { describe, expect, it } from "vitest";
import { en } from "./en/index.ts";
import { fr } from "./fr/index.ts";

describe("the payment page's hold line", () => {
  it("ends with one period, also after a time that ends with one", () => {
    expect(en.checkout.holdUntil("11:45 a.m.")).toBe("Items held for you until 11:45 a.m.");
    expect(en.checkout.holdUntil("13:15")).toBe("Items held for you until 13:15.");
    expect(fr.checkout.holdUntil("13 h 15")).toBe("Articles réservés pour vous jusqu’à 13 h 15.");
  });
});
