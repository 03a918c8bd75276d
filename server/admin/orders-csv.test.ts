import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { handleApiError } from "../http/errors.ts";
import { parseOrderFilter } from "../../domain/order-filters.ts";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { getDb, tables } from "../db/index.ts";
import { listOrdersForAdmin } from "../orders/queries.ts";
import { taxReport } from "../orders/tax-report.ts";
import { BATCH, CSV_HEADER, csvField, csvRow, decimal, ordersCsvStream } from "./orders-csv.ts";

describe("CSV as RFC 4180 says, with prices a spreadsheet reads", () => {
  it("quotes a field with a comma, a quote or a line break, doubling its quotes; lines end in CRLF", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("Maker, Ada")).toBe('"Maker, Ada"');
    expect(csvField('The "big" one')).toBe('"The ""big"" one"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
    expect(csvField(null)).toBe("");
    expect(csvRow(["a", "b,c", 3])).toBe('a,"b,c",3\r\n');
  });

  it("keeps text that a spreadsheet would run as a formula as text", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-2")).toBe("'-2");
    expect(csvField("@me")).toBe("'@me");
    // Numbers are numbers.
    expect(csvField(-2)).toBe("-2");
  });

  it("keeps a formula out of every cell whatever the separator a spreadsheet splits on (P3)", () => {
    // A French spreadsheet splits on ";": the cell after it must not start with "=".
    const name = "a;=cmd|' /C calc'!A0";
    const field = csvField(name);
    expect(field).toBe(`"a;'=cmd|' /C calc'!A0"`);
    for (const separator of [",", ";", "\t", "|"]) {
      const cells = field.replace(/^"|"$/g, "").split(separator);
      for (const cell of cells) expect(cell, `${separator}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(csvField("x\t=1+1")).toBe(`"x\t'=1+1"`);
    expect(csvField("Ada,@SUM(A1)")).toBe(`"Ada,'@SUM(A1)"`);
    expect(csvField("one;two")).toBe(`"one;two"`);
    expect(csvField("Ada-Marie")).toBe("Ada-Marie");
  });

  it("writes cents as plain decimals", () => {
    expect([decimal(0), decimal(5), decimal(123_456), decimal(-5), decimal(100), decimal(null)]).toEqual([
      "0.00",
      "0.05",
      "1234.56",
      "-0.05",
      "1.00",
      "",
    ]);
  });
});

describe("the order filters", () => {
  it("read dates, a delivery method and the rest from the address, refusing what they do not know", () => {
    expect(
      parseOrderFilter(new URLSearchParams("from=2026-03-01&to=2026-03-31&method=pickup&status=paid&q=ada")),
    ).toEqual({
      ok: true,
      value: { from: "2026-03-01", to: "2026-03-31", method: "pickup", status: "paid", q: "ada", page: 1 },
    });
    expect(parseOrderFilter(new URLSearchParams("from=2026-02-30"))).toEqual({ ok: false, problem: "invalidDate" });
    expect(parseOrderFilter(new URLSearchParams("from=yesterday"))).toEqual({ ok: false, problem: "invalidDate" });
    expect(parseOrderFilter(new URLSearchParams("from=2026-04-01&to=2026-03-01"))).toEqual({
      ok: false,
      problem: "invalidRange",
    });
    expect(parseOrderFilter(new URLSearchParams("method=drone"))).toEqual({ ok: false, problem: "invalidMethod" });
    expect(parseOrderFilter(new URLSearchParams("status=lost"))).toEqual({ ok: false, problem: "invalidStatus" });
  });
});

describe("the export", () => {
  let buyer: TestUser, admin: TestUser;
  const tag = `x${Date.now().toString(36)}`;
  beforeAll(async () => {
    [buyer, admin] = await Promise.all([signUpUser(), signUpUser("admin")]);
    const db = await getDb();
    await db
      .update(tables.user)
      .set({ username: `Maker, "Ada" ${tag}` })
      .where((await import("drizzle-orm")).eq(tables.user.id, buyer.id));
    // Placed in the studio's evening of March 31 (Toronto): already April 1 in UTC.
    await db.insert(tables.orders).values([
      {
        id: `${tag}-1`,
        userId: buyer.id,
        status: "paid",
        totalCents: 11_498,
        currency: "CAD",
        // Paid half an hour past midnight in Toronto: April's, for the tax report and the "paid" filter.
        paidAt: new Date("2026-04-01T04:30:00Z"),
        createdAt: new Date("2026-04-01T02:30:00Z"),
      },
      {
        id: `${tag}-2`,
        userId: buyer.id,
        status: "fulfilled",
        totalCents: 2_000,
        currency: "CAD",
        paidAt: new Date("2026-03-15T15:05:00Z"),
        createdAt: new Date("2026-03-15T15:00:00Z"),
      },
      {
        id: `${tag}-3`,
        userId: buyer.id,
        status: "pending",
        totalCents: 999,
        currency: "CAD",
        createdAt: new Date("2026-04-02T15:00:00Z"),
      },
    ]);
    // The order's contact: the name and address the buyer gave at checkout.
    await db.insert(tables.orderContacts).values(
      [1, 2, 3].map((n) => ({
        orderId: `${tag}-${n}`,
        email: buyer.email,
        fullName: `Maker, "Ada" ${tag}`,
        phone: n === 1 ? "613 555-0100" : null,
      })),
    );
    await db.insert(tables.orderDelivery).values([
      {
        orderId: `${tag}-1`,
        method: "ship",
        subtotalCents: 10_000,
        shippingCents: 1_000,
        address: {
          fullName: "A",
          line1: "1 Main",
          city: "Ottawa",
          province: "ON",
          postalCode: "K1A 0A1",
          country: "CA",
        },
      },
      { orderId: `${tag}-2`, method: "pickup", subtotalCents: 2_000 },
    ]);
    await db.insert(tables.orderTaxLines).values({
      orderId: `${tag}-1`,
      code: "HST",
      jurisdiction: "ON",
      ratePpm: 130_000,
      taxableBaseCents: 11_000,
      amountCents: 498,
    } as never);
    await db
      .insert(tables.refunds)
      .values({ orderId: `${tag}-1`, status: "succeeded", amountCents: 1_500, lines: [], taxes: [] });
  }, 60_000);

  const csvOf = async (query: string) => {
    const parsed = parseOrderFilter(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(parsed.problem);
    // Decoded as bytes are, the byte-order mark kept (Response.text() would drop it).
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(
      await new Response(await ordersCsvStream(parsed.value)).arrayBuffer(),
    );
  };

  it("one row per order, newest first, quoted and in dollars, with each tax and the refunds", async () => {
    const csv = await csvOf(`q=${tag}`);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "\ufeffnumber,date,paid_at,customer,email,phone,status,delivery,subtotal,discount,gst,hst,qst,pst,shipping,total,refunds,currency",
    );
    // Dates and times as the studio's clock read them (Toronto), as the filters and the tax report count days.
    expect(lines.slice(1, -1)).toEqual([
      `${tag}-3,2026-04-02 11:00,,"Maker, ""Ada"" ${tag}",${buyer.email},,pending,,,,0.00,0.00,0.00,0.00,,9.99,0.00,CAD`,
      `${tag}-1,2026-03-31 22:30,2026-04-01 00:30,"Maker, ""Ada"" ${tag}",${buyer.email},613 555-0100,paid,ship,100.00,0.00,0.00,4.98,0.00,0.00,10.00,114.98,15.00,CAD`,
      `${tag}-2,2026-03-15 11:00,2026-03-15 11:05,"Maker, ""Ada"" ${tag}",${buyer.email},,fulfilled,pickup,20.00,0.00,0.00,0.00,0.00,0.00,0.00,20.00,0.00,CAD`,
    ]);
    expect(lines.at(-1)).toBe("");
  });

  it("follows the filters: studio days (an evening of March 31 in Toronto is March 31), delivery, e-mail", async () => {
    const ids = async (query: string) =>
      (await csvOf(`q=${tag}&${query}`))
        .split("\r\n")
        .slice(1, -1)
        .map((line) => line.split(",")[0]);
    expect(await ids("from=2026-03-31&to=2026-03-31")).toEqual([`${tag}-1`]);
    expect(await ids("from=2026-04-01")).toEqual([`${tag}-3`]);
    expect(await ids("method=pickup")).toEqual([`${tag}-2`]);
    expect(await ids("status=paid")).toEqual([`${tag}-1`]);
    // Paid in a period, as the tax report counts it: placed on March 31, paid on April 1.
    expect(await ids("paidFrom=2026-04-01&paidTo=2026-04-30")).toEqual([`${tag}-1`]);
    expect(await ids("paidFrom=2026-03-01&paidTo=2026-03-31")).toEqual([`${tag}-2`]);
    expect(await ids("paidTo=2026-02-28")).toEqual([]);
    expect((await csvOf(`q=${encodeURIComponent(buyer.email)}`)).split("\r\n").length - 2).toBe(3);
    // The page's list follows the same filters.
    const listed = await listOrdersForAdmin({ q: tag, from: "2026-03-01", to: "2026-03-31", method: "ship" });
    expect(listed.orders.map((o) => o.id)).toEqual([`${tag}-1`]);
  });

  it("paid in a month, its taxes are the tax report's for that month", async () => {
    const csv = (await csvOf("paidFrom=2026-04-01&paidTo=2026-04-30")).split("\r\n").slice(1, -1);
    const header = CSV_HEADER;
    const hst = csv.reduce(
      (sum, line) => sum + Number(line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)[header.indexOf("hst")]),
      0,
    );
    const report = await taxReport("2026-04-01", "2026-04-30");
    expect(Math.round(hst * 100)).toBe(report.find((row) => row.code === "HST")?.taxCents);
    expect(hst).toBe(4.98);
  });

  it("streams in pages by keyset, every order once", async () => {
    const db = await getDb();
    const many = Array.from({ length: BATCH + 7 }, (_, i) => ({
      id: `${tag}-m${String(i).padStart(4, "0")}`,
      userId: buyer.id,
      status: "paid" as const,
      totalCents: 100,
      currency: "CAD",
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, 0, i % 3)), // ties on the time: the id orders them
    }));
    await db.insert(tables.orders).values(many);
    const rows = (await csvOf(`q=${tag}-m`)).split("\r\n").slice(1, -1);
    expect(rows).toHaveLength(BATCH + 7);
    expect(new Set(rows.map((row) => row.split(",")[0])).size).toBe(BATCH + 7);
  });

  it("answers the API with the CSV, and a bad filter with a 400 in the caller's language", async () => {
    const ok = await call(`/api/admin/exports/orders.csv?q=${tag}-1`, { cookie: admin.cookie });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(ok.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(await ok.text()).toContain(`${tag}-1,`);
    expect((await call("/api/admin/exports/orders.csv?method=drone", { cookie: admin.cookie })).status).toBe(400);
    const bad = await call("/api/admin/exports/orders.csv?from=2026-13-01", {
      cookie: admin.cookie,
      headers: { "accept-language": "fr" },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      "Une date est un jour du calendrier entre 2000 et 2100, comme 2026-03-31.",
    );
    expect((await call("/api/admin/exports/orders.csv", { cookie: buyer.cookie })).status).toBe(403);
  });
});

describe("a failure of the export's query", () => {
  it("comes before the answer starts, so that the API's error handler words it, never the database", async () => {
    // A day the filters refuse, given to the export directly: the database refuses it.
    const failed = await ordersCsvStream({ q: "", from: "2026-01-01", to: "9999-12-31" }).then(
      () => null,
      (error: Error) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    const app = new Hono().onError(handleApiError);
    app.get("/export", () => Promise.reject(failed));
    const response = await app.request("/export");
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('{"error":{"code":"internal","message":"An unexpected error occurred"}}');
  });
});
