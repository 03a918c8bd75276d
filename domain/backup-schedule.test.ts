import { describe, expect, it } from "vitest";
import { archivesToKeep, nextBackupRun, studioHourOn } from "./backup-schedule.ts";

const zone = "America/Toronto";
/** An archive taken at 03:00 Toronto time (EST in winter: 08:00 UTC) on each day given. */
const archiveOn = (day: string, time = "08:00") => ({ day, createdAt: new Date(`${day}T${time}:00Z`) });

describe("the daily backup's time", () => {
  it("is the studio's hour, in winter and in summer", () => {
    expect(studioHourOn("2026-01-15", 3, zone).toISOString()).toBe("2026-01-15T08:00:00.000Z");
    expect(studioHourOn("2026-07-15", 3, zone).toISOString()).toBe("2026-07-15T07:00:00.000Z");
  });

  it("is tonight's until it has passed, then tomorrow night's", () => {
    expect(nextBackupRun(new Date("2026-01-15T07:59:00Z"), 3, zone)).toEqual({
      day: "2026-01-15",
      at: new Date("2026-01-15T08:00:00Z"),
    });
    expect(nextBackupRun(new Date("2026-01-15T08:00:00Z"), 3, zone)).toEqual({
      day: "2026-01-16",
      at: new Date("2026-01-16T08:00:00Z"),
    });
    // 23:30 in Toronto is already the next UTC day; the studio's day is still the 15th.
    expect(nextBackupRun(new Date("2026-01-16T04:30:00Z"), 3, zone).day).toBe("2026-01-16");
  });
});

describe("the retention", () => {
  // Sixty nightly archives, 2026-01-01 (a Thursday) to 2026-03-01, and a second one on the last day.
  const days = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
  const archives = [...days.map((day) => archiveOn(day)), archiveOn("2026-03-01", "20:00")];

  it("keeps the newest archive of each of the last N days and of each of the last M weeks, nothing else", () => {
    const kept = archivesToKeep(archives, { keepDaily: 7, keepWeekly: 4 }, zone);
    const keptNames = [...kept].map((a) => a.createdAt.toISOString()).sort();
    expect(keptNames).toEqual([
      // Weeks (Monday to Sunday): the newest of the weeks of Feb 2, Feb 9 and Feb 16; the week of Feb 23 is among the days.
      "2026-02-08T08:00:00.000Z",
      "2026-02-15T08:00:00.000Z",
      "2026-02-22T08:00:00.000Z",
      // The last 7 days, the newest of Mar 1 only.
      "2026-02-23T08:00:00.000Z",
      "2026-02-24T08:00:00.000Z",
      "2026-02-25T08:00:00.000Z",
      "2026-02-26T08:00:00.000Z",
      "2026-02-27T08:00:00.000Z",
      "2026-02-28T08:00:00.000Z",
      "2026-03-01T20:00:00.000Z",
    ]);
  });

  it("keeps everything while there are fewer archives than it allows", () => {
    const few = archives.slice(-4, -1); // one a day
    expect(archivesToKeep(few, { keepDaily: 7, keepWeekly: 4 }, zone).size).toBe(3);
  });

  it("with no weekly archives, keeps the days only", () => {
    expect(archivesToKeep(archives, { keepDaily: 2, keepWeekly: 0 }, zone).size).toBe(2);
  });
});
