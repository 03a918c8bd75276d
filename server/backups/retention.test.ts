import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backupFileName } from "./manifest.ts";
import { applyRetention } from "./retention.ts";

describe("the retention of DATA_DIR/backups", () => {
  it("deletes exactly the archives (and their summaries) the settings do not keep, and nothing else", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "studio-retention-"));
    // Twenty nights of archives at 03:00 in Toronto (08:00 UTC), 2026-01-01 (a Thursday) to 2026-01-20.
    const names = Array.from({ length: 20 }, (_, i) => backupFileName(new Date(Date.UTC(2026, 0, 1 + i, 8))));
    for (const name of names) {
      await writeFile(path.join(folder, name), "archive");
      await writeFile(path.join(folder, `${name}.json`), "{}");
    }
    await writeFile(path.join(folder, "notes.txt"), "the owner's own file");
    await writeFile(path.join(folder, ".partial-abc"), "a backup being written");

    const removed = await applyRetention(folder, { keepDaily: 3, keepWeekly: 2 }, "America/Toronto");

    // Days: Jan 18, 19, 20; weeks: Jan 19–25 (Jan 20, already kept) and Jan 12–18 (Jan 18, already kept).
    const kept = [18, 19, 20].map((day) => backupFileName(new Date(Date.UTC(2026, 0, day, 8))));
    expect(removed.sort()).toEqual(names.filter((name) => !kept.includes(name)).sort());
    expect((await readdir(folder)).sort()).toEqual(
      [...kept, ...kept.map((name) => `${name}.json`), "notes.txt", ".partial-abc"].sort(),
    );

    // A week further back is kept once the days no longer cover it.
    await applyRetention(folder, { keepDaily: 1, keepWeekly: 2 }, "America/Toronto");
    expect((await readdir(folder)).filter((name) => name.endsWith(".tar.gz")).sort()).toEqual([kept[0], kept[2]]);
  });
});
