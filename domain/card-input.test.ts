import { describe, expect, it } from "vitest";
import { groupCardNumber, readExpiry } from "./card-input.ts";

const now = new Date(2026, 10, 26);

describe("groupCardNumber", () => {
  it("groups the digits by four as they are typed, whatever else was typed", () => {
    expect(groupCardNumber("4242")).toBe("4242");
    expect(groupCardNumber("42424")).toBe("4242 4");
    expect(groupCardNumber("4242-4242 4242x4242")).toBe("4242 4242 4242 4242");
    expect(groupCardNumber("4".repeat(25))).toBe("4444 4444 4444 4444 444");
  });
});

describe("readExpiry", () => {
  it("takes the month and year as people type them", () => {
    for (const typed of ["1230", "12/30", "12 / 30", "12/2030", "12 / 2030", "122030", " 12-30 "])
      expect(readExpiry(typed, now)).toEqual({ kind: "valid", month: 12, year: 2030 });
    expect(readExpiry("1/30", now)).toEqual({ kind: "valid", month: 1, year: 2030 });
  });

  it("is good through the last day of its month", () => {
    expect(readExpiry("11/26", now).kind).toBe("valid");
    expect(readExpiry("10/26", now).kind).toBe("past");
    expect(readExpiry("1224", now).kind).toBe("past");
  });

  it("tells a date that cannot be one from a date in the past", () => {
    for (const typed of ["", "13/30", "00/30", "12", "12/3", "abcd", "12/30/1"])
      expect(readExpiry(typed, now)).toEqual({ kind: "invalid" });
  });
});
