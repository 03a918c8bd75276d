import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../api/index.ts";
import { getDb } from "../db/index.ts";
import { outbox, user } from "../db/schema.ts";
import { binaryStl, openBox, cube, tBeam } from "../../tests/support/mesh-fixtures.ts";
import { call, fromAddress, ORIGIN, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { localFileStore, setQuoteFileStore } from "./file-store.ts";
import { QUOTE_BROWSER_COOKIE } from "./owner.ts";
import { type QuoteView } from "./quotes.ts";
import { paidOrderOf, runSliceJobs } from "../../tests/support/production.ts";
import { routeArgs } from "../../tests/support/route-args.ts";

let admin: TestUser;
beforeAll(async () => {
  setQuoteFileStore(localFileStore(await mkdtemp(path.join(tmpdir(), "quote-files-"))));
  admin = await signUpUser("admin");
});
afterAll(() => undefined);

async function upload(bytes: Uint8Array, locale = "en", account?: TestUser) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "bracket.stl"));
  const headers = new Headers({ origin: ORIGIN });
  if (account) headers.set("cookie", account.cookie);
  const response = await api.request(
    `${ORIGIN}/api/quotes?locale=${locale}`,
    { method: "POST", headers, body: form },
    fromAddress("192.0.2.200"),
  );
  const browser = response.headers
    .getSetCookie()
    .find((c) => c.startsWith(QUOTE_BROWSER_COOKIE))
    ?.split(";")[0];
  const cookie = [account?.cookie, browser].filter(Boolean).join("; ");
  return { quote: (await response.json()) as QuoteView, cookie };
}

async function lastMailTo(to: string) {
  const db = await getDb();
  const [mail] = await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1);
  return mail;
}

describe("the studio's side of custom prints", () => {
  it("is for admins only", async () => {
    const user = await signUpUser("user");
    expect((await call("/api/admin/quotes/reviews")).status).toBe(401);
    expect((await call("/api/admin/quotes/reviews", { cookie: user.cookie })).status).toBe(403);
    expect((await call("/api/admin/quotes/terms", { method: "PUT", body: {}, cookie: user.cookie })).status).toBe(403);
  });

  it("validates pricing terms on the server", async () => {
    const { version, terms } = (await (await call("/api/admin/quotes/terms", { cookie: admin.cookie })).json()) as {
      version: number;
      terms: Record<string, unknown>;
    };
    const bad = await call("/api/admin/quotes/terms", {
      method: "PUT",
      body: { ...terms, machineCentsPerHour: -5, loadedVersion: version },
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(
      "machineCentsPerHour",
    );
  });

  it("prices a review request and e-mails the buyer a link in their language", async () => {
    const { quote, cookie } = await upload(binaryStl(openBox()), "fr");
    expect(quote.failure).toBe("not-manifold");
    await call(`/api/quotes/${quote.id}/review`, {
      method: "POST",
      body: { note: "Il manque le dessus, c'est voulu", email: "acheteur@example.test" },
      cookie,
    });
    // A typed address is nobody's proof: nothing the visitor wrote is mailed to it.
    expect(await lastMailTo("acheteur@example.test")).toBeUndefined();
    const list = (await (await call("/api/admin/quotes/reviews", { cookie: admin.cookie })).json()) as {
      quotes: { id: string; reviewNote: string; buyerEmail: string }[];
    };
    expect(list.quotes.find((q) => q.id === quote.id)).toMatchObject({
      reviewNote: "Il manque le dessus, c'est voulu",
      buyerEmail: "acheteur@example.test",
    });
    expect(
      (
        await call(`/api/admin/quotes/${quote.id}/price`, {
          method: "POST",
          body: { unitCents: 12.5 },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(`/api/admin/quotes/${quote.id}/price`, {
          method: "POST",
          body: { unitCents: 4500 },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(200);
    const priced = (await (await call(`/api/quotes/${quote.id}`, { cookie })).json()) as QuoteView;
    expect(priced).toMatchObject({ status: "priced", exact: { unitCents: 4500, totalCents: 4500 } });
    const mail = await lastMailTo("acheteur@example.test");
    expect(mail!.subject).toBe("Votre impression sur mesure a été chiffrée");
    expect(mail!.text).toContain(`http://localhost:3000/fr/quote?q=${quote.id}`);
    expect(mail!.text).toContain("45,00");
    expect(
      (
        await call(`/api/admin/quotes/${quote.id}/price`, {
          method: "POST",
          body: { unitCents: 10 },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(409);
  });

  it("writes to an account's own address when it is priced, and when it asks only once the address is proven", async () => {
    for (const verified of [false, true]) {
      const buyer = await signUpUser();
      if (verified) await (await getDb()).update(user).set({ emailVerified: true }).where(eq(user.id, buyer.id));
      const { quote, cookie } = await upload(binaryStl(openBox(verified ? 22 : 21)), "en", buyer);
      const asked = await call(`/api/quotes/${quote.id}/review`, {
        method: "POST",
        body: { note: "The top is open on purpose" },
        cookie,
      });
      expect(asked.status).toBe(200);
      // The note is the buyer's text: mailed at once only to an address they have proven.
      expect((await lastMailTo(buyer.email))?.subject).toBe(
        verified ? "The studio will price your custom print" : "Verify your email address",
      );
      const priced = await call(`/api/admin/quotes/${quote.id}/price`, {
        method: "POST",
        body: { unitCents: 4500 },
        cookie: admin.cookie,
      });
      expect(priced.status).toBe(200);
      const mail = await lastMailTo(buyer.email);
      expect(mail!.subject).toBe("Your custom print has been priced");
      expect(mail!.to).toBe(buyer.email);
    }
  });

  it("prices a quote and writes its e-mail together: a failure between them leaves it waiting (issue 50, A.5)", async () => {
    const { quote, cookie } = await upload(binaryStl(openBox(23)), "en");
    await call(`/api/quotes/${quote.id}/review`, {
      method: "POST",
      body: { note: "Open on purpose", email: "together@example.test" },
      cookie,
    });
    const db = await getDb();
    await db.execute(
      sql`CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'crash'; END $$`,
    );
    await db.execute(
      sql`CREATE TRIGGER refuse_mail BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_mail()`,
    );
    try {
      const { setReviewPrice } = await import("./review-and-production.ts");
      await expect(setReviewPrice(quote.id, { unitCents: 4500 })).rejects.toThrow();
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_mail ON outbox`);
      await db.execute(sql`DROP FUNCTION refuse_mail()`);
    }
    const waiting = (await (await call(`/api/quotes/${quote.id}`, { cookie })).json()) as QuoteView;
    expect(waiting.status).toBe("needs_review");
    const priced = await call(`/api/admin/quotes/${quote.id}/price`, {
      method: "POST",
      body: { unitCents: 4500 },
      cookie: admin.cookie,
    });
    expect(priced.status).toBe(200);
    expect((await lastMailTo("together@example.test"))!.subject).toBe("Your custom print has been priced");
  });

  it("tells a buyer with a proven address who asks for a price, in their language, that a person will answer", async () => {
    const buyer = await signUpUser();
    await (await getDb()).update(user).set({ emailVerified: true }).where(eq(user.id, buyer.id));
    const { quote, cookie } = await upload(binaryStl(openBox(20)), "fr", buyer);
    const asked = await call(`/api/quotes/${quote.id}/review`, {
      method: "POST",
      body: { note: "Le dessus est ouvert", email: "someone-else@example.test" },
      cookie,
    });
    expect(asked.status).toBe(200);
    const mail = await lastMailTo(buyer.email);
    expect(mail!.subject).toBe("L’atelier va chiffrer votre impression sur mesure");
    expect(mail!.text).toContain("bracket.stl");
    expect(mail!.text).toContain("Le dessus est ouvert");
    expect(mail!.text).toContain(`http://localhost:3000/fr/quote?q=${quote.id}`);
    expect(mail!.html).toContain('lang="fr"');
    // Asked twice, told once: the second request is refused; the typed address gets nothing.
    await call(`/api/quotes/${quote.id}/review`, { method: "POST", body: {}, cookie });
    const db = await getDb();
    const told = await db.select().from(outbox).where(eq(outbox.to, buyer.email));
    expect(told.filter((m) => m.subject === mail!.subject)).toHaveLength(1);
    expect(await lastMailTo("someone-else@example.test")).toBeUndefined();
  });

  it("declines a review request with a reason the buyer reads", async () => {
    const { quote, cookie } = await upload(binaryStl(openBox(30)));
    await call(`/api/quotes/${quote.id}/review`, { method: "POST", body: { email: "buyer@example.test" }, cookie });
    expect(
      (
        await call(`/api/admin/quotes/${quote.id}/decline`, {
          method: "POST",
          body: { reason: " " },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(400);
    await call(`/api/admin/quotes/${quote.id}/decline`, {
      method: "POST",
      body: { reason: "The walls are thinner than our nozzle." },
      cookie: admin.cookie,
    });
    const declined = (await (await call(`/api/quotes/${quote.id}`, { cookie })).json()) as QuoteView;
    expect(declined).toMatchObject({ status: "declined", declineReason: "The walls are thinner than our nozzle." });
    expect((await lastMailTo("buyer@example.test"))!.text).toContain("The walls are thinner than our nozzle.");
  });

  it("says a price or a refusal was sent only when a mail server sends it, in English and French", async () => {
    const { deliverNow, setMailSender } = await import("../mail/mailer.ts");
    const { action } = await import("../../app/routes/admin-quotes.tsx");
    const post = async (prefix: string, fields: Record<string, string>) => {
      const request = new Request(`${ORIGIN}${prefix}/admin/quotes`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie: admin.cookie },
      });
      return (await action(routeArgs(request))) as {
        message: string;
      };
    };
    const asked = async () => {
      const { quote, cookie } = await upload(binaryStl(openBox(30)));
      await call(`/api/quotes/${quote.id}/review`, { method: "POST", body: { email: "buyer@example.test" }, cookie });
      return quote.id;
    };
    setMailSender(null);
    expect((await post("", { intent: "price", id: await asked(), price: "12.50" })).message).toBe(
      "Price saved; the e-mail to the buyer is waiting in the outbox (no mail server is configured).",
    );
    expect((await post("/fr", { intent: "decline", id: await asked(), reason: "Trop fin" })).message).toBe(
      "Refusé\u00a0; le courriel à l’acheteur attend dans la boîte d’envoi (aucun serveur de courriel n’est configuré).",
    );
    setMailSender({ sendMail: async () => ({}) as never });
    try {
      expect((await post("", { intent: "price", id: await asked(), price: "12.50" })).message).toBe(
        "Price sent to the buyer.",
      );
    } finally {
      await deliverNow();
      setMailSender(null);
    }
  });

  it("moves a paid part through production one step at a time", async () => {
    const { quote } = await upload(binaryStl(cube(23)));
    await runSliceJobs();
    const orderId = await paidOrderOf([quote.id]);
    const queue = (await (await call("/api/admin/quotes/production", { cookie: admin.cookie })).json()) as {
      quotes: { id: string; productionStatus: string; orderId: string }[];
    };
    expect(queue.quotes.find((q) => q.id === quote.id)).toMatchObject({ productionStatus: "queued", orderId });
    const step = (from: string, to: string) =>
      call(`/api/admin/quotes/${quote.id}/production`, { method: "POST", body: { from, to }, cookie: admin.cookie });
    expect((await step("queued", "done")).status).toBe(400);
    expect((await step("queued", "printing")).status).toBe(200);
    expect((await step("queued", "printing")).status).toBe(409);
    expect((await step("printing", "post_processing")).status).toBe(200);
    expect((await step("post_processing", "done")).status).toBe(200);
    const overview = (await (await call("/api/admin/quotes/overview", { cookie: admin.cookie })).json()) as {
      slicer: { installed: boolean };
    };
    expect(overview.slicer.installed).toBe(true);
  });

  it("gives the studio a part priced turned, turned as priced", async () => {
    const { quote } = await upload(binaryStl(tBeam({ cap: 60 })));
    await runSliceJobs();
    await paidOrderOf([quote.id]);
    const queue = (await (await call("/api/admin/quotes/production", { cookie: admin.cookie })).json()) as {
      quotes: { id: string; turned: boolean }[];
    };
    expect(queue.quotes.find((q) => q.id === quote.id)).toMatchObject({ turned: true });
    const printed = await call(`/api/quotes/${quote.id}/printed.stl`, { cookie: admin.cookie });
    expect(printed.status).toBe(200);
    expect(printed.headers.get("content-disposition")).toContain("bracket-as-priced.stl");
  });
});
