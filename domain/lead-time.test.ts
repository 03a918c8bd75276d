import { describe, expect, it } from "vitest";
import { isWorkingDay, printingDays, quotePrintSeconds, readyBy, studioDay, type LeadTimeInput } from "./lead-time.ts";
import { productionCapacitySchema, settingsErrors } from "./shop-settings.ts";
import { DEFAULT_HOURS } from "./studio-identity.ts";

const HOUR = 3600;
// Wednesday 2026-12-02, 10:00 in Montréal.
const WEDNESDAY = new Date("2026-12-02T15:00:00Z");
const base: LeadTimeInput = {
  queueSeconds: 0,
  partSeconds: 2 * HOUR,
  printers: 2,
  hoursPerDay: 10,
  marginDays: 1,
  hours: DEFAULT_HOURS,
  closures: [],
  from: WEDNESDAY,
  timeZone: "America/Toronto",
};

describe("readyBy", () => {
  it("prints on the next working day and adds the handling margin", () => {
    // Printed Thursday, finished and packed Friday.
    expect(readyBy(base)).toBe("2026-12-04");
    expect(readyBy({ ...base, marginDays: 0 })).toBe("2026-12-03");
  });

  it("skips the days the studio is closed every week (Sunday by default; Saturday too when it is)", () => {
    // Thursday printed; Friday, then Saturday (open 10–4), margin 2 → Saturday.
    expect(readyBy({ ...base, marginDays: 2 })).toBe("2026-12-05");
    // Sunday is closed: margin 3 lands on Monday.
    expect(readyBy({ ...base, marginDays: 3 })).toBe("2026-12-07");
    // A studio closed on weekends: Friday's part waits until Monday, then Tuesday.
    const weekdays = { ...DEFAULT_HOURS, saturday: null, sunday: null };
    expect(readyBy({ ...base, hours: weekdays, from: new Date("2026-12-04T15:00:00Z") })).toBe("2026-12-08");
  });

  it("skips a closure", () => {
    const closures = [{ from: "2026-12-03", to: "2026-12-04", label: { en: "Inventory", fr: "Inventaire" } }];
    // Thursday and Friday closed: printed Saturday, ready Monday (Sunday closed).
    expect(readyBy({ ...base, closures })).toBe("2026-12-07");
  });

  it("spills a full queue over several working days, and moves later as the queue fills", () => {
    // 2 printers × 10 h = 20 h a day; 45 h of queue and 2 h of this part = 3 days of printing.
    expect(printingDays(47 * HOUR, 2, 10)).toBe(3);
    // Thursday, Friday, Saturday printing; Monday packed.
    expect(readyBy({ ...base, queueSeconds: 45 * HOUR })).toBe("2026-12-07");
    const empty = readyBy(base)!;
    const fuller = readyBy({ ...base, queueSeconds: 20 * HOUR })!;
    expect(fuller > empty).toBe(true);
    // One printer: 47 h at 10 h a day = 5 days (Thursday to Tuesday, Sunday closed), packed Wednesday.
    expect(readyBy({ ...base, queueSeconds: 45 * HOUR, printers: 1 })).toBe("2026-12-09");
  });

  it("counts days in the studio's time zone", () => {
    // 02:00 UTC on Thursday is still Wednesday evening in Montréal.
    expect(studioDay(new Date("2026-12-03T02:00:00Z"), "America/Toronto")).toBe("2026-12-02");
    expect(readyBy({ ...base, from: new Date("2026-12-03T02:00:00Z") })).toBe("2026-12-04");
  });

  it("promises nothing without capacity or without any working day", () => {
    expect(readyBy({ ...base, printers: 0 })).toBeNull();
    expect(readyBy({ ...base, hoursPerDay: 0 })).toBeNull();
    const closed = Object.fromEntries(Object.keys(DEFAULT_HOURS).map((day) => [day, null])) as LeadTimeInput["hours"];
    expect(readyBy({ ...base, hours: closed })).toBeNull();
  });

  it("knows a working day", () => {
    expect(isWorkingDay("2026-12-06", DEFAULT_HOURS, [])).toBe(false);
    expect(
      isWorkingDay("2026-12-24", DEFAULT_HOURS, [{ from: "2026-12-24", to: "2027-01-02", label: { en: "", fr: "" } }]),
    ).toBe(false);
    expect(
      isWorkingDay("2027-01-04", DEFAULT_HOURS, [{ from: "2026-12-24", to: "2027-01-02", label: { en: "", fr: "" } }]),
    ).toBe(true);
  });
});

describe("quotePrintSeconds", () => {
  it("uses the slicer's time, else the estimate's, times the quantity", () => {
    expect(quotePrintSeconds({ slicedSeconds: 600, estimateSeconds: 900, quantity: 3 })).toBe(1800);
    expect(quotePrintSeconds({ slicedSeconds: null, estimateSeconds: 900, quantity: 3 })).toBe(2700);
    expect(quotePrintSeconds({ slicedSeconds: null, estimateSeconds: null, quantity: 3 })).toBeNull();
  });
});

describe("productionCapacitySchema", () => {
  const parse = (input: Record<string, string>) => productionCapacitySchema.safeParse(input);

  it("takes whole numbers", () => {
    expect(parse({ printers: " 3 ", hoursPerDay: "16", marginDays: "0" })).toMatchObject({
      success: true,
      data: { printers: 3, hoursPerDay: 16, marginDays: 0 },
    });
    // The JSON API may send numbers.
    expect(productionCapacitySchema.parse({ printers: 1, hoursPerDay: 24, marginDays: 30 })).toEqual({
      printers: 1,
      hoursPerDay: 24,
      marginDays: 30,
    });
  });

  it("refuses zero printers, zero hours, a day over 24 hours and blanks, with the settings' codes", () => {
    const result = parse({ printers: "0", hoursPerDay: "25", marginDays: "" });
    expect(result.success).toBe(false);
    expect(settingsErrors(result.error!.issues)).toEqual({
      printers: "invalidPrinters",
      hoursPerDay: "invalidHours",
      marginDays: "required",
    });
    expect(settingsErrors(parse({ printers: "1.5", hoursPerDay: "0", marginDays: "31" }).error!.issues)).toEqual({
      printers: "invalidPrinters",
      hoursPerDay: "invalidHours",
      marginDays: "invalidDays",
    });
  });
});
