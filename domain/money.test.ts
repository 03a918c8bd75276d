import { describe, expect, it } from "vitest";
import { intlLocale, LOCALES } from "./locale.ts";
import { formatMoney, moneyFormat } from "./money.ts";

const amounts = [
  0, -0, 1, 5, 10, 99, 100, 105, 999, 1000, 1234, 99_999, 100_000, 123_456, 1_234_567, 12_345_678, 100_000_000,
  99_999_999_999,
];

describe("formatMoney", () => {
  for (const currency of ["CAD", "USD", "EUR", "GBP", "JPY", "KWD", "CHF"]) {
    for (const locale of LOCALES) {
      it(`writes ${currency} in ${locale} exactly as Intl does`, () => {
        const intl = new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency });
        for (const cents of [...amounts, ...amounts.map((value) => -value), 150, 250, -150, 1_050]) {
          expect(formatMoney(cents, currency, locale)).toBe(intl.format(cents / 100));
        }
      });
    }
  }

  it("writes a price the shop shows in both languages", () => {
    expect(formatMoney(1_499, "CAD", "en")).toBe("$14.99");
    expect(formatMoney(123_456, "CAD", "fr")).toBe("1\u00a0234,56\u00a0$");
    expect(formatMoney(-1_724, "CAD", "en")).toBe("-$17.24");
  });

  it("formats with a format read elsewhere, as the browser does with the server's", () => {
    const fromServer = JSON.parse(JSON.stringify(moneyFormat("fr", "CAD")));
    expect(fromServer).toEqual(moneyFormat("fr", "CAD"));
  });
});
