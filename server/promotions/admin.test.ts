import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/admin-discounts.tsx";
import { loader as csvLoader } from "../../app/routes/admin-discounts-csv.tsx";
import { parsePromotionForm, studioDateTimeToDate } from "../../domain/promotion-form.ts";
import { signUpUser, type TestUser } from "../../tests/support/api.ts";
import { routeArgs } from "../../tests/support/route-args.ts";
import { seedItems } from "../../tests/support/shop.ts";
import { getDb, tables } from "../db/index.ts";

const ORIGIN = "http://localhost:3000";
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  admin = await signUpUser("admin");
  buyer = await signUpUser();
  await seedItems([{ id: "da-lamp", stock: 5, priceCents: 4500 }]);
});

async function post(who: TestUser, fields: Record<string, string>, prefix = "") {
  const request = new Request(`${ORIGIN}${prefix}/admin/discounts`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie: who.cookie },
  });
  try {
    const result = (await action(routeArgs(request))) as unknown;
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location") };
    const answer = result as { type?: string; data?: unknown; init?: { status?: number } };
    return {
      status: answer.init?.status ?? 200,
      body: answer.data as { errors: Record<string, string>; message: string },
    };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    throw thrown;
  }
}

const con15 = {
  name: "Convention",
  code: "con15",
  kind: "percent",
  value: "15",
  includesCustomPrints: "on",
  maxUsesPerBuyer: "1",
  endsAt: "2026-12-06T23:59",
};

describe("Admin → Discounts", () => {
  it("creates CON15 (15 % off, one use per buyer, ending Sunday night in the studio's time)", async () => {
    const saved = await post(admin, con15);
    expect(saved).toMatchObject({ status: 302, location: "/admin/discounts?notice=saved" });
    const db = await getDb();
    const [row] = await db.select().from(tables.promotions);
    expect(row).toMatchObject({
      code: "CON15",
      kind: "percent",
      percentBp: 1500,
      maxUsesPerBuyer: 1,
      status: "active",
      // 23:59 in Toronto in December (EST, UTC−5).
      endsAt: new Date("2026-12-07T04:59:00Z"),
    });
    const page = (await loader(
      routeArgs(new Request(`${ORIGIN}/admin/discounts`, { headers: { cookie: admin.cookie } })),
    )) as {
      promotions: { name: string; code: string | null; uses: number; form: Record<string, unknown> }[];
    };
    expect(page.promotions[0]).toMatchObject({ name: "Convention", code: "CON15", uses: 0 });
    expect(page.promotions[0]!.form).toMatchObject({ value: "15", endsAt: "2026-12-06T23:59" });
  });

  it("refuses a bad form with clear messages in the admin's language, and a code already taken", async () => {
    const bad = await post(admin, { name: "", code: "CON 15!", kind: "percent", value: "150", maxUses: "0" }, "/fr");
    expect(bad.status).toBe(400);
    expect(bad.body!.message).toBe("Veuillez corriger les champs indiqués.");
    expect(bad.body!.errors).toEqual({
      name: "Donnez-lui un nom (100\u00a0caractères au plus)",
      code: "De 3 à 32\u00a0lettres et chiffres, sans espace",
      value: "Un pourcentage supérieur à 0 et d’au plus 100, avec au plus deux décimales",
      maxUses: "Un nombre entier supérieur à 0",
    });
    const taken = await post(admin, { ...con15, name: "Again", code: "CON15" });
    expect(taken.body!.errors).toEqual({ code: "Another discount already has this code" });
    const unknownItem = await post(admin, { ...con15, code: "LAMPS", items: "da-lamp, no-such-item" });
    expect(unknownItem.body!.errors).toEqual({ items: "Some of these items do not exist" });
  });

  it("pauses, resumes and ends a discount; an ended one stays ended", async () => {
    await post(admin, { ...con15, name: "Lamps", code: "LAMPS", items: "da-lamp" });
    const db = await getDb();
    const lamps = (await db.select().from(tables.promotions)).find((p) => p.code === "LAMPS")!;
    expect(lamps.itemIds).toEqual(["da-lamp"]);
    expect(await post(admin, { intent: "pause", id: lamps.id })).toMatchObject({
      location: "/admin/discounts?notice=paused",
    });
    expect(await post(admin, { intent: "resume", id: lamps.id })).toMatchObject({
      location: "/admin/discounts?notice=resumed",
    });
    expect(await post(admin, { intent: "end", id: lamps.id })).toMatchObject({
      location: "/admin/discounts?notice=ended",
    });
    const resumed = await post(admin, { intent: "resume", id: lamps.id });
    expect(resumed).toMatchObject({ status: 404, body: { message: "This discount no longer exists." } });
  });

  it("is for admins only, the CSV too", async () => {
    const refused = await post(buyer, con15);
    expect(refused.status).toBe(302);
    expect(refused.location).not.toContain("discounts");
    const csv = (await csvLoader(
      routeArgs(new Request(`${ORIGIN}/admin/discounts.csv`, { headers: { cookie: admin.cookie } })),
    )) as Response;
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe("name,code,kind,status,starts,ends,uses,paid_orders,sales_net,discount_given");
    expect(lines).toContain("Convention,CON15,percent,active,,2026-12-06 23:59,0,0,0.00,0.00");
  });
});

describe("the discount form's rules", () => {
  it("reads dollars and percentages as a Canadian types them", () => {
    const parsed = parsePromotionForm({ name: "Ten", kind: "fixed", value: "10,50", minSubtotal: "$40" });
    expect(parsed).toMatchObject({ ok: true, value: { amountCents: 1050, minSubtotalCents: 4000, code: null } });
    const free = parsePromotionForm({ name: "Ship", kind: "free_shipping", value: "" });
    expect(free).toMatchObject({ ok: true, value: { amountCents: null } });
    expect(parsePromotionForm({ name: "Odd", kind: "percent", value: "12.5" })).toMatchObject({
      ok: true,
      value: { percentBp: 1250 },
    });
  });

  it("takes dates on the studio's clock, summer and winter, and wants an end after the start", () => {
    expect(studioDateTimeToDate("2026-07-01T09:00")).toEqual(new Date("2026-07-01T13:00:00Z"));
    expect(studioDateTimeToDate("2026-01-15 09:30")).toEqual(new Date("2026-01-15T14:30:00Z"));
    expect(studioDateTimeToDate("tomorrow")).toBeNull();
    expect(
      parsePromotionForm({
        name: "Back",
        kind: "percent",
        value: "5",
        startsAt: "2026-02-02T00:00",
        endsAt: "2026-02-01T00:00",
      }),
    ).toEqual({ ok: false, errors: { endsAt: "endsBeforeStart" } });
  });
});
