import { randomUUID } from "node:crypto";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_TERMS } from "../../domain/quote-pricing.ts";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { getDb, tables } from "../db/index.ts";
import type { AccountData } from "./data-export.ts";

/**
 * One row per table that points to a user: created for the person, with something the export must
 * then show. A table added to the schema with a column that references the users table fails the
 * first test until it gets a row here, and the second until the export holds that row.
 */
type Row = (person: TestUser, mark: string) => Promise<(data: AccountData) => unknown>;

async function anOrder(person: TestUser, id: string) {
  const db = await getDb();
  await db
    .insert(tables.orders)
    .values({ id, userId: person.id, status: "paid", totalCents: 4200, currency: "CAD", paidAt: new Date() });
}

const rows: Record<string, Row> = {
  sessions: async (person, mark) => {
    const db = await getDb();
    await db.insert(tables.session).values({
      id: mark,
      token: randomUUID(),
      userId: person.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      userAgent: mark,
    });
    return (data) => data.sessions.some((s) => s.userAgent === mark);
  },
  accounts: async (person, mark) => {
    const db = await getDb();
    await db
      .insert(tables.account)
      .values({ id: mark, accountId: mark, providerId: "github", userId: person.id, accessToken: "secret-access" });
    return (data) =>
      data.signInMethods.some((m) => m.accountId === mark) && !JSON.stringify(data).includes("secret-access");
  },
  addresses: async (person, mark) => {
    const db = await getDb();
    await db.insert(tables.addresses).values({
      id: mark,
      userId: person.id,
      fullName: "Léa Roy",
      line1: "1 Barrington St",
      city: "Halifax",
      province: "NS",
      postalCode: "B3J 1Z1",
      phone: "902-555-0101",
    });
    return (data) => data.addresses.some((a) => a.id === mark && a.city === "Halifax" && a.phone === "902-555-0101");
  },
  orders: async (person, mark) => {
    await anOrder(person, mark);
    const db = await getDb();
    await db.insert(tables.orderDelivery).values({
      orderId: mark,
      method: "ship",
      address: {
        fullName: "Léa Roy",
        line1: "1 Barrington St",
        city: "Halifax",
        province: "NS",
        postalCode: "B3J 1Z1",
        phone: "902-555-0199",
        country: "CA",
      },
      subtotalCents: 4000,
      shippingCents: 200,
    });
    return (data) =>
      data.orders.some(
        (o) => o.id === mark && o.delivery?.address?.city === "Halifax" && o.delivery.address.phone === "902-555-0199",
      );
  },
  conversation_messages: async (person, mark) => {
    await anOrder(await signUpUser(), `ord-${mark}`);
    await (
      await getDb()
    )
      .insert(tables.conversationMessages)
      .values({ orderId: `ord-${mark}`, author: "studio", staffUserId: person.id, body: mark });
    return (data) => data.asStaff.conversationMessages.some((m) => m.orderId === `ord-${mark}` && m.body === mark);
  },
  order_events: async (person, mark) => {
    await anOrder(await signUpUser(), `ord-${mark}`);
    await (await getDb()).insert(tables.orderEvents).values({
      orderId: `ord-${mark}`,
      status: "fulfilled",
      actorUserId: person.id,
      reason: "fulfilled_shipped",
      detail: mark,
    });
    return (data) => data.asStaff.orderEvents.some((e) => e.reason === "fulfilled_shipped" && e.detail === mark);
  },
  refunds: async (person, mark) => {
    await anOrder(await signUpUser(), `ord-${mark}`);
    await (
      await getDb()
    )
      .insert(tables.refunds)
      .values({ orderId: `ord-${mark}`, amountCents: 100, lines: [], taxes: [], actorUserId: person.id, reason: mark });
    return (data) => data.asStaff.refunds.some((r) => r.reason === mark);
  },
  quote_price_terms: async (person) => {
    const [row] = await (
      await getDb()
    )
      .insert(tables.quotePriceTerms)
      .values({ terms: DEFAULT_PRICE_TERMS, createdBy: person.id })
      .returning();
    return (data) => data.asStaff.quotePriceTerms.some((t) => t.version === row!.version);
  },
  tax_rates: async (person, mark) => {
    await (await getDb()).insert(tables.taxRates).values({
      jurisdiction: mark.slice(0, 8),
      code: "PST",
      ratePpm: 1,
      effectiveFrom: "2099-01-01",
      createdBy: person.id,
    });
    return (data) => data.asStaff.taxRates.some((r) => r.jurisdiction === mark.slice(0, 8));
  },
  customer_events: async (person) => {
    const [row] = await (
      await getDb()
    )
      .insert(tables.customerEvents)
      .values({ userId: person.id, kind: "email_verified_by_hand", actorUserId: person.id })
      .returning();
    const at = row!.createdAt.toISOString();
    return (data) =>
      data.accountEvents.some((e) => e.at === at) &&
      data.asStaff.customerEvents.some((e) => e.at === at && e.customerId === person.id);
  },
  studio_event_reads: async (person) => {
    const db = await getDb();
    const [event] = await db.insert(tables.studioEvents).values({ kind: "low_stock" }).returning();
    await db.insert(tables.studioEventReads).values({ eventId: event!.id, userId: person.id });
    return (data) => data.asStaff.noticesRead.some((r) => r.eventId === event!.id);
  },
  first_steps_done: async (person, mark) => {
    await (await getDb()).insert(tables.firstStepsDone).values({ step: mark, doneBy: person.id });
    return (data) => data.asStaff.firstStepsDone.some((d) => d.step === mark);
  },
  settings_changes: async (person, mark) => {
    await (await getDb()).insert(tables.settingsChanges).values({ actorUserId: person.id, area: mark, change: {} });
    return (data) => data.asStaff.settingsChanges.some((s) => s.area === mark);
  },
  quotes: async (person, mark) => {
    const db = await getDb();
    const [terms] = await db.insert(tables.quotePriceTerms).values({ terms: DEFAULT_PRICE_TERMS }).returning();
    await db.insert(tables.quoteFiles).values({
      id: `file-${mark}`,
      storageKey: `file-${mark}.stl`,
      sha256: "0".repeat(64),
      bytes: 684,
      format: "stl",
      originalName: `${mark}.stl`,
      sizeMm: [20, 20, 20],
      volumeMm3: 8000,
      areaMm2: 2400,
      triangles: 12,
      manifold: true,
    });
    await db.insert(tables.quotes).values({
      id: mark,
      userId: person.id,
      fileId: `file-${mark}`,
      materialId: "pla",
      colourId: "black",
      qualityId: "standard",
      infillPercent: 20,
      quantity: 2,
      termsVersion: terms!.version,
    });
    return (data) =>
      data.quotes.some(
        (q) => q.id === mark && q.file.name === `${mark}.stl` && q.file.link === `/api/quotes/${mark}/file`,
      );
  },
  contact_messages: async (person, mark) => {
    await (await getDb()).insert(tables.contactMessages).values({
      id: mark,
      userId: person.id,
      name: "Léa",
      email: "typed-by-hand@example.test",
      projectType: "decor",
      message: mark,
    });
    return (data) => data.contactMessages.some((m) => m.message === mark);
  },
  carts: async (person, mark) => {
    await (await getDb()).insert(tables.carts).values({ id: mark, userId: person.id });
    return (data) => data.cart?.id === mark;
  },
};

function tablesPointingToUsers(): string[] {
  return (Object.values(tables) as unknown[])
    .filter((table): table is PgTable => is(table, PgTable))
    .filter((table) => getTableConfig(table).foreignKeys.some((fk) => fk.reference().foreignTable === tables.user))
    .map((table) => getTableConfig(table).name)
    .sort();
}

async function exported(person: TestUser): Promise<AccountData> {
  const response = await call("/api/account/data", { cookie: person.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as AccountData;
}

describe("the account data export is complete by construction (issue 20, finding 4)", () => {
  it("knows a row for every table of the schema that points to a user", () => {
    expect(Object.keys(rows).sort()).toEqual(tablesPointingToUsers());
  });

  it.each(tablesPointingToUsers())("exports the person's rows of %s", async (table) => {
    const person = await signUpUser();
    const row = rows[table];
    expect(row, `add a row of ${table} to this test, and its section to the export`).toBeDefined();
    const found = await row!(person, `${table}-${randomUUID().slice(0, 8)}`);
    const data = await exported(person);
    expect(found(data), JSON.stringify(data).slice(0, 2000)).toBeTruthy();
    // Nobody else's: another person's export does not hold it.
    expect(found(await exported(await signUpUser()))).toBeFalsy();
  });

  it("holds contact-form messages and the consents given in them, with their dates", async () => {
    const person = await signUpUser();
    const consentAt = new Date("2026-03-01T12:00:00Z");
    await (await getDb()).insert(tables.contactMessages).values({
      id: randomUUID(),
      userId: person.id,
      name: "Léa",
      email: person.email,
      projectType: "decor",
      message: "A lamp, please.",
      newsletter: true,
      newsletterConsentAt: consentAt,
      newsletterConsentText: "Send me the studio’s newsletter",
    });
    const data = await exported(person);
    expect(data.contactMessages).toMatchObject([{ message: "A lamp, please." }]);
    expect(data.consents).toEqual([
      { kind: "newsletter", givenAt: consentAt.toISOString(), text: "Send me the studio’s newsletter" },
    ]);
  });
});
