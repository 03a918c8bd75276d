import { describe, expect, it } from "vitest";
import { changePercent, defaultRange, parseRange, previousPeriod } from "./dashboard-range.ts";

describe("the dashboard's period", () => {
  it("defaults to the last 30 days by day", () => {
    expect(defaultRange("2026-11-25")).toEqual({ from: "2026-10-27", to: "2026-11-25", bucket: "day" });
    expect(parseRange({}, "2026-11-25")).toEqual({ range: { from: "2026-10-27", to: "2026-11-25", bucket: "day" } });
  });

  it("names the first problem of a bad range", () => {
    expect(parseRange({ from: "2026-02-30" }, "2026-11-25")).toEqual({ problem: "from" });
    expect(parseRange({ to: "yesterday" }, "2026-11-25")).toEqual({ problem: "to" });
    expect(parseRange({ from: "2026-11-20", to: "2026-11-01" }, "2026-11-25")).toEqual({ problem: "order" });
    expect(parseRange({ bucket: "hour" }, "2026-11-25")).toEqual({ problem: "bucket" });
    expect(parseRange({ from: "2020-01-01", to: "2026-11-25", bucket: "day" }, "2026-11-25")).toEqual({
      problem: "tooLong",
    });
    expect(parseRange({ from: "2020-01-01", to: "2026-11-25", bucket: "month" }, "2026-11-25")).toMatchObject({
      range: { bucket: "month" },
    });
  });

  it("compares with the period of the same length just before", () => {
    expect(previousPeriod({ from: "2026-11-01", to: "2026-11-30", bucket: "day" })).toEqual({
      from: "2026-10-02",
      to: "2026-10-31",
    });
    expect(previousPeriod({ from: "2026-03-01", to: "2026-03-01", bucket: "day" })).toEqual({
      from: "2026-02-28",
      to: "2026-02-28",
    });
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(10, 0)).toBeNull();
  });
});
