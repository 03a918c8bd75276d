import { afterEach, describe, expect, it, vi } from "vitest";
import { publicHome } from "../content/home-content.ts";
import { getProductionCapacity } from "../settings/shop-settings.ts";
import { getStudioIdentity } from "../settings/studio-identity.ts";
import { getDb, tables } from "./index.ts";
import { SNAPSHOT_MS } from "./snapshot.ts";

afterEach(() => vi.useRealTimers());

/**
 * A change whose notice never arrived (written straight to the database, as another server's
 * save whose NOTIFY was lost): each snapshot shows it once its time limit has passed (B9).
 */
describe("a snapshot whose change notice was lost", () => {
  it("the studio's identity, the home page and the production capacity heal within the time limit", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T12:00:00Z") });
    const before = {
      name: (await getStudioIdentity()).name,
      title: (await publicHome("en", "Montréal")).hero.title,
      printers: (await getProductionCapacity()).printers,
    };
    const db = await getDb();
    await db.update(tables.studioIdentity).set({ name: "Renamed Studio" });
    await db.update(tables.homeHero).set({ title: { en: "A new title", fr: "Un nouveau titre" } });
    await db.update(tables.studioSettings).set({ printers: before.printers + 3 });

    vi.setSystemTime(Date.now() + SNAPSHOT_MS - 1);
    expect((await getStudioIdentity()).name).toBe(before.name);
    expect((await publicHome("en", "Montréal")).hero.title).toBe(before.title);
    expect((await getProductionCapacity()).printers).toBe(before.printers);

    vi.setSystemTime(Date.now() + 2);
    expect((await getStudioIdentity()).name).toBe("Renamed Studio");
    expect((await publicHome("en", "Montréal")).hero.title).toBe("A new title");
    expect((await getProductionCapacity()).printers).toBe(before.printers + 3);
  });
});
