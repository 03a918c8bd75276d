import { beforeAll, describe, expect, it } from "vitest";
import { signUpUser, type TestUser } from "../../tests/support/api.ts";
import { config } from "../config.ts";
import { getDb, tables } from "../db/index.ts";
import { onSiteChanged } from "../db/site-changes.ts";
import { DomainError } from "../errors.ts";
import { getNoticeSettings } from "./notice-settings.ts";
import { getStudioIdentity, updateStudioIdentity } from "./studio-identity.ts";

let admin: TestUser;
beforeAll(async () => {
  admin = await signUpUser("admin");
});

const form = (phone: string) => ({
  name: "Forge & Filament",
  phone,
  email: "atelier@forge.example",
  street: "1234 rue Saint-Denis",
  city: "Montréal, QC",
  hours: Object.fromEntries(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [
      d,
      d === "sunday" ? { closed: true } : { open: "09:00", close: "17:00" },
    ]),
  ),
  closures: [{ from: "2026-12-24", to: "2026-12-26", labelEn: "Holidays", labelFr: "Fêtes" }],
  socials: { instagram: "https://www.instagram.com/forge" },
});

describe("the studio's identity", () => {
  it("starts from the STUDIO_* variables on a new install", async () => {
    const identity = await getStudioIdentity();
    expect(identity).toMatchObject({
      name: config.studioSeed.name,
      phone: config.studioSeed.phone,
      email: config.studioSeed.email,
      city: config.studioSeed.city,
    });
    expect(identity.hours.monday).toEqual({ open: "09:00", close: "18:00" });
    expect(identity.hours.sunday).toBeNull();
  });

  it("saves a new identity, logs it, announces the change and serves the new values at once", async () => {
    const changes: string[] = [];
    onSiteChanged((change) => changes.push(change));
    const before = await getStudioIdentity();
    const saved = await updateStudioIdentity(admin.id, form("(514) 555-0199"), before.updatedAt.toISOString());
    expect(saved.phone).toBe("(514) 555-0199");
    expect(changes).toContain("settings");
    expect((await getStudioIdentity()).closures).toEqual([
      { from: "2026-12-24", to: "2026-12-26", label: { en: "Holidays", fr: "Fêtes" } },
    ]);
    // The studio notices go to the studio's e-mail until the owner chooses another address.
    expect((await getNoticeSettings()).kinds.paid_order.to).toBe("atelier@forge.example");
    const db = await getDb();
    const log = await db.select().from(tables.settingsChanges);
    expect(log.some((row) => row.area === "identity")).toBe(true);
  });

  it("refuses a save from a page opened before the latest save", async () => {
    const opened = (await getStudioIdentity()).updatedAt.toISOString();
    await updateStudioIdentity(admin.id, form("514 555 0100"), opened);
    await expect(updateStudioIdentity(admin.id, form("514 555 0111"), opened)).rejects.toSatisfy(
      (error) => error instanceof DomainError && error.code === "settings.stale",
    );
    expect((await getStudioIdentity()).phone).toBe("514 555 0100");
  });

  it("refuses invalid fields with their codes, and changes nothing", async () => {
    const before = await getStudioIdentity();
    const error = await updateStudioIdentity(admin.id, {
      ...form("555-0142"),
      socials: { youtube: "http://youtube.com/x" },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: "settings.invalid",
      fields: { phone: "invalidPhone", "socials.youtube": "httpsOnly" },
    });
    expect((await getStudioIdentity()).phone).toBe(before.phone);
  });
});
