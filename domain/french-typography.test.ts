import { describe, expect, it } from "vitest";
import { frenchTypography } from "./french-typography.ts";

describe("frenchTypography", () => {
  it("puts the right space before high punctuation", () => {
    expect(frenchTypography("Vraiment? Oui! Enfin; voilà : fini")).toBe(
      "Vraiment\u202f? Oui\u202f! Enfin\u202f; voilà\u00a0: fini",
    );
  });

  it("turns quotes into guillemets with narrow spaces", () => {
    expect(frenchTypography('le "mode vase" et « PLA »')).toBe("le «\u202fmode vase\u202f» et «\u202fPLA\u202f»");
  });

  it("leaves addresses, times and ratios alone", () => {
    const text = "Voir https://example.com/a?b=c à 10:30, rapport 1:2";
    expect(frenchTypography(text)).toBe(text);
  });

  it("is idempotent", () => {
    const once = frenchTypography('Quoi? "Ceci" : cela!');
    expect(frenchTypography(once)).toBe(once);
  });
});
