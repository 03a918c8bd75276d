import { describe, expect, it } from "vitest";
import { isRecordId, parseRecordId, recordIdSchema } from "./record-id.ts";

describe("an id or a version posted for a numbered row", () => {
  it("is a whole number from 1 to 2³¹ − 1, in digits", () => {
    expect(parseRecordId("1")).toBe(1);
    expect(parseRecordId("2147483647")).toBe(2_147_483_647);
    expect(parseRecordId(42)).toBe(42);
    expect(isRecordId(7)).toBe(true);
  });

  it("refuses everything else", () => {
    for (const value of [
      "abc",
      "1.5",
      "NaN",
      "Infinity",
      "1e20",
      "2147483648",
      "9223372036854775808",
      "0",
      "-1",
      " 1",
      "0x10",
      "",
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 31,
      2 ** 63,
      0,
      null,
      undefined,
    ])
      expect(parseRecordId(value), String(value)).toBeNull();
    expect(isRecordId("1")).toBe(false);
  });

  it("as a schema, names its problem with the form's code", () => {
    expect(recordIdSchema("versionRequired").safeParse("1e20").error?.issues[0]?.message).toBe("versionRequired");
    expect(recordIdSchema().safeParse("abc").error?.issues[0]?.message).toBe("invalidId");
  });
});
