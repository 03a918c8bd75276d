import { describe, expect, it } from "vitest";
import { calendarDaySchema, isCalendarDay } from "./calendar-day.ts";

describe("a day a person types", () => {
  it("is a real day of the calendar", () => {
    expect(isCalendarDay("2026-03-31")).toBe(true);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    for (const day of [
      "2026-02-30",
      "2026-02-29",
      "2026-13-01",
      "2026-00-10",
      "2026-04-31",
      "yesterday",
      "2026-3-1",
      "",
    ])
      expect(isCalendarDay(day), day).toBe(false);
    expect(isCalendarDay(20260331)).toBe(false);
  });

  it("falls within the years 2000 to 2100", () => {
    expect(isCalendarDay("2000-01-01")).toBe(true);
    expect(isCalendarDay("2100-12-31")).toBe(true);
    for (const day of ["0000-01-01", "0001-01-01", "1999-12-31", "2101-01-01", "9999-12-31"])
      expect(isCalendarDay(day), day).toBe(false);
  });

  it("as a schema, names its problem with the form's code", () => {
    expect(calendarDaySchema().safeParse("2026-02-30").error?.issues[0]?.message).toBe("invalidDate");
    expect(calendarDaySchema("from").safeParse("9999-12-31").error?.issues[0]?.message).toBe("from");
    expect(calendarDaySchema().safeParse("2026-02-28").success).toBe(true);
  });
});
