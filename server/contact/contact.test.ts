import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { call, fromAddress, ORIGIN, signUpUser } from "../../tests/support/api.ts";
import { api } from "../api/index.ts";
import { validateContact } from "../../domain/contact.ts";
import { config } from "../config.ts";
import { getDb, tables } from "../db/index.ts";
import { deliverNow, setMailSender } from "../mail/mailer.ts";
import type { MailSender } from "../mail/outbox.ts";
import { CONTACT_RATE_LIMIT, contactLimiter } from "./contact.ts";

const valid = {
  name: "Léa Gagnon",
  email: "lea@example.test",
  phone: "514 555 0199",
  projectType: "cosplay",
  message: "I need a helmet for Otakuthon.",
  newsletter: false,
};

let ipCounter = 0;
/** A new client address per test, so that the rate limit of one test never touches another. */
const nextIp = () => `192.0.2.${++ipCounter}`;

async function messagesFrom(email: string) {
  const db = await getDb();
  return db.select().from(tables.contactMessages).where(eq(tables.contactMessages.email, email));
}

async function mailsFor(contactMessageId: string) {
  const db = await getDb();
  return db.select().from(tables.outbox).where(eq(tables.outbox.contactMessageId, contactMessageId));
}

beforeEach(() => setMailSender(null));
afterEach(async () => {
  setMailSender(null);
  await contactLimiter.reset();
});

describe("the shared contact schema", () => {
  it("accepts the spec's form, and takes no newsletter consent unless it is given", () => {
    const result = validateContact({ ...valid, phone: undefined, newsletter: undefined });
    expect(result).toEqual({ ok: true, value: { ...valid, phone: undefined, newsletter: false } });
  });

  it("requires name, email, project type and message, and a real-looking e-mail", () => {
    expect(validateContact({})).toEqual({
      ok: false,
      errors: { name: "required", email: "required", projectType: "required", message: "required" },
    });
    expect(validateContact({ ...valid, name: "   ", email: "not-an-email", projectType: "spaceship" })).toEqual({
      ok: false,
      errors: { name: "required", email: "invalidEmail", projectType: "invalidProjectType" },
    });
  });
});

describe("POST /api/submitContactForm", () => {
  it("stores the message, queues an e-mail to the studio replying to the visitor, and answers {success: true}", async () => {
    const response = await call("/api/submitContactForm", {
      body: { ...valid, email: "stored@example.test" },
      ip: nextIp(),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    const [message] = await messagesFrom("stored@example.test");
    expect(message).toMatchObject({
      name: "Léa Gagnon",
      phone: "514 555 0199",
      projectType: "cosplay",
      newsletter: false,
      locale: "en",
    });
    const mail = (await mailsFor(message.id)).find((queued) => queued.to === config.studioSeed.email);
    expect(mail).toMatchObject({ replyTo: "stored@example.test", status: "pending" });
    expect(mail!.text).toContain("I need a helmet for Otakuthon.");
  });

  it("mails a copy to the verified address of the signed-in sender only, in their language", async () => {
    const sender = await signUpUser();
    await (await getDb()).update(tables.user).set({ emailVerified: true }).where(eq(tables.user.id, sender.id));
    const message = "Bonjour,\nPouvez-vous imprimer un casque pour Otakuthon?";
    const typed = `typed-${sender.id.slice(0, 6)}@example.test`;
    await call("/api/submitContactForm", {
      body: { ...valid, email: typed, message, locale: "fr" },
      cookie: sender.cookie,
      ip: nextIp(),
    });
    const [stored] = await messagesFrom(typed);
    const mails = await mailsFor(stored.id);
    expect(mails.map((mail) => mail.to).sort()).toEqual([config.studioSeed.email, sender.email].sort());
    const copy = mails.find((queued) => queued.to === sender.email)!;
    expect(copy.subject).toBe(`${config.studioSeed.name} a bien reçu votre message`);
    expect(copy.text).toContain("Bonjour Léa Gagnon,");
    expect(copy.text).toContain("Pouvez-vous imprimer un casque pour Otakuthon?");
    expect(copy.html).toContain('lang="fr"');
  });

  it("sends a third party's address nothing: not from a visitor, not from an unverified account", async () => {
    const unverified = await signUpUser();
    const stranger = "third-party@example.test";
    const pitch = "Cheap pills at https://spam.example";
    await call("/api/submitContactForm", { body: { ...valid, email: stranger, message: pitch }, ip: nextIp() });
    await call("/api/submitContactForm", {
      body: { ...valid, email: stranger, message: pitch },
      cookie: unverified.cookie,
      ip: nextIp(),
    });
    const db = await getDb();
    expect(await db.select().from(tables.outbox).where(eq(tables.outbox.to, stranger))).toEqual([]);
    // The studio has both, and replies to the address typed.
    const stored = await messagesFrom(stranger);
    expect(stored).toHaveLength(2);
    for (const message of stored)
      expect((await mailsFor(message.id)).map((mail) => [mail.to, mail.replyTo])).toEqual([
        [config.studioSeed.email, stranger],
      ]);
  });

  it("keeps the newsletter consent with its date and the words shown, in the visitor's language", async () => {
    const before = Date.now();
    await call("/api/submitContactForm", {
      body: { ...valid, email: "consent-en@example.test", newsletter: true },
      ip: nextIp(),
    });
    await call("/api/submitContactForm", {
      body: { ...valid, email: "consent-fr@example.test", newsletter: true, locale: "fr" },
      ip: nextIp(),
    });
    await call("/api/submitContactForm", {
      body: { ...valid, email: "no-consent@example.test", newsletter: undefined },
      ip: nextIp(),
    });

    const [en] = await messagesFrom("consent-en@example.test");
    expect(en).toMatchObject({
      newsletter: true,
      newsletterConsentText: "Send me the studio’s newsletter (one e-mail a month, at most)",
    });
    expect(en.newsletterConsentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(en.newsletterConsentAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const [fr] = await messagesFrom("consent-fr@example.test");
    expect(fr).toMatchObject({
      newsletter: true,
      newsletterConsentText: "Je veux recevoir l’infolettre de l’atelier (un courriel par mois, au plus)",
    });
    const [none] = await messagesFrom("no-consent@example.test");
    expect(none).toMatchObject({ newsletter: false, newsletterConsentAt: null, newsletterConsentText: null });
  });

  it("refuses an incomplete form with the fields' problems, in the visitor's language, and stores nothing", async () => {
    const response = await call("/api/submitContactForm", {
      body: { email: "incomplete@example", newsletter: true, locale: "fr" },
      ip: nextIp(),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("invalid-argument");
    expect(body.error.fields).toEqual({
      name: "Ce champ est obligatoire.",
      email: "Veuillez entrer une adresse courriel valide.",
      projectType: "Ce champ est obligatoire.",
      message: "Ce champ est obligatoire.",
    });
    expect(await messagesFrom("incomplete@example")).toHaveLength(0);
  });

  it("answers a filled honeypot like a person, but keeps nothing", async () => {
    const response = await call("/api/submitContactForm", {
      body: { ...valid, email: "bot@example.test", website: "https://spam.example" },
      ip: nextIp(),
    });
    expect(await response.json()).toEqual({ success: true });
    expect(await messagesFrom("bot@example.test")).toHaveLength(0);
  });

  it("limits each client address, and not the others", async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      const ok = await call("/api/submitContactForm", { body: { ...valid, email: `burst${i}@example.test` }, ip });
      expect(ok.status).toBe(200);
    }
    const limited = await call("/api/submitContactForm", { body: { ...valid, email: "burst-over@example.test" }, ip });
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.code).toBe("resource-exhausted");
    expect(await messagesFrom("burst-over@example.test")).toHaveLength(0);

    const other = await call("/api/submitContactForm", {
      body: { ...valid, email: "neighbour@example.test" },
      ip: nextIp(),
    });
    expect(other.status).toBe(200);
  });

  it("refuses a form posted from another site", async () => {
    // The one cross-site post a browser sends without asking first: a "simple" text/plain request.
    const response = await api.request(
      `${ORIGIN}/api/submitContactForm`,
      {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "text/plain" },
        body: JSON.stringify({ ...valid, email: "cross-site@example.test" }),
      },
      fromAddress(nextIp()),
    );
    expect(response.status).toBe(403);
    expect(await messagesFrom("cross-site@example.test")).toHaveLength(0);
  });

  it("stores the message before the e-mail is sent, and keeps it when sending fails", async () => {
    const seenAtSend: number[] = [];
    const failing: MailSender = {
      sendMail: async (mail) => {
        // At the moment the mail server is called, the message is already in the database.
        if (mail.replyTo === "fails@example.test") seenAtSend.push((await messagesFrom("fails@example.test")).length);
        throw new Error("SMTP server unreachable");
      },
    };
    setMailSender(failing);
    const response = await call("/api/submitContactForm", {
      body: { ...valid, email: "fails@example.test" },
      ip: nextIp(),
    });
    expect(await response.json()).toEqual({ success: true });
    await deliverNow();

    expect(seenAtSend).toEqual([1]);
    const [message] = await messagesFrom("fails@example.test");
    expect(message.message).toBe(valid.message);
    const [mail] = await mailsFor(message.id);
    expect(mail).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP server unreachable" });
  });

  it("delivers the message to the studio through a real SMTP server", async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        let data = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => (data += chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as { port: number };
    try {
      setMailSender(nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true }));
      const response = await call("/api/submitContactForm", {
        body: { ...valid, email: "smtp@example.test", message: "Delivered over SMTP, for real." },
        ip: nextIp(),
      });
      expect(await response.json()).toEqual({ success: true });
      await deliverNow();

      // Earlier tests left mails waiting in the outbox; they go out too. Ours is the one replying to the visitor.
      const ours = received.filter((mail) => mail.data.includes("Reply-To: smtp@example.test"));
      expect(ours).toHaveLength(1);
      expect(ours[0].to).toEqual([config.studioSeed.email]);
      expect(ours[0].data).toContain("Delivered over SMTP, for real.");
      const [message] = await messagesFrom("smtp@example.test");
      const [mail] = await mailsFor(message.id);
      expect(mail.status).toBe("sent");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
