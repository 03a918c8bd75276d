import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb, tables } from "../db/index.ts";
import {
  changeEmail,
  changePassword,
  requestPasswordReset,
  resetPassword,
  sendVerificationAgain,
  signIn,
  signUp,
} from "../auth/accounts.ts";
import { getSessionUser, isEmailVerified } from "../auth/session.ts";
import { mayMailRecipient, resetMailLimits } from "../mail/recipient-limit.ts";
import { call, ORIGIN } from "../../tests/support/api.ts";
import { randomUUID } from "node:crypto";

/** A client address for one call: each test's calls count against limits of their own. */
const anAddress = () => `192.0.2.${Math.floor(Math.random() * 250) + 1}`;

/** A form post from one of the site's pages, as React Router hands it to an action. */
function pageRequest(path: string, cookie?: string): Request {
  const headers = new Headers({ origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers });
}

async function mailsTo(email: string) {
  const db = await getDb();
  return db.select().from(tables.outbox).where(eq(tables.outbox.to, email)).orderBy(desc(tables.outbox.createdAt));
}

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function newAccount(path = "/signup") {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.test`;
  const result = await signUp(pageRequest(path), anAddress(), {
    username: "Camille",
    email,
    password: "first-password",
  });
  if (!result.ok) throw new Error(result.failure);
  return { email, cookie: cookieOf(result.headers) };
}

beforeEach(() => resetMailLimits());

describe("sign-up sends a verification link", () => {
  it("in the page's language; the link verifies the address and lands on /verify", async () => {
    const { email, cookie } = await newAccount("/fr/signup");
    const user = await getSessionUser(new Headers({ cookie }));
    expect(user && isEmailVerified(user)).toBe(false);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Vérifiez votre adresse courriel");
    const link = mail!.text.match(/http\S+verify-email\S+/)![0];
    const url = new URL(link);
    const opened = await call(url.pathname + url.search);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`${ORIGIN}/fr/verify?verified=1`);
    const after = await getSessionUser(new Headers({ cookie }));
    expect(after?.emailVerified).toBe(true);
  });

  it("'send the link again' sends another one; a tampered link is refused", async () => {
    const { email, cookie } = await newAccount();
    expect((await sendVerificationAgain(pageRequest("/verify", cookie), anAddress(), email)).ok).toBe(true);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe("Verify your email address");
    const link = new URL(mails[0]!.text.match(/http\S+verify-email\S+/)![0]);
    link.searchParams.set("token", `${link.searchParams.get("token")}x`);
    const opened = await call(link.pathname + link.search);
    expect(opened.headers.get("location")).toBe(`${ORIGIN}/verify?verified=1&error=INVALID_TOKEN`);
  });
});

describe("forgot password", () => {
  it("sends a link to our page; the new password works and the old one no longer does", async () => {
    const { email } = await newAccount();
    const asked = await requestPasswordReset(pageRequest("/forgot-password"), anAddress(), email);
    expect(asked.ok).toBe(true);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Reset your password");
    const link = new URL(mail!.text.match(/http\S+reset-password\S+/)![0]);
    expect(link.pathname).toBe("/reset-password");
    const token = link.searchParams.get("token")!;

    expect(await resetPassword(pageRequest("/reset-password"), anAddress(), token, "abc")).toMatchObject({
      ok: false,
      failure: "passwordTooShort",
    });
    expect((await resetPassword(pageRequest("/reset-password"), anAddress(), token, "second-password")).ok).toBe(true);
    expect((await signIn(pageRequest("/login"), anAddress(), { email, password: "first-password" })).ok).toBe(false);
    expect((await signIn(pageRequest("/login"), anAddress(), { email, password: "second-password" })).ok).toBe(true);
    // A link works once.
    expect(await resetPassword(pageRequest("/reset-password"), anAddress(), token, "third-password")).toMatchObject({
      ok: false,
      failure: "invalidToken",
    });
  });

  it("answers the same for an address without an account, and sends nothing", async () => {
    const nobody = `nobody-${randomUUID().slice(0, 8)}@example.test`;
    const answer = await requestPasswordReset(pageRequest("/forgot-password"), anAddress(), nobody);
    expect(answer.ok).toBe(true);
    expect(await mailsTo(nobody)).toEqual([]);
  });

  it("expires: a link past its hour is refused", async () => {
    const { email } = await newAccount("/fr/signup");
    await requestPasswordReset(pageRequest("/fr/forgot-password"), anAddress(), email);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Réinitialisez votre mot de passe");
    const token = new URL(mail!.text.match(/http\S+reset-password\S+/)![0]).searchParams.get("token")!;
    const db = await getDb();
    await db
      .update(tables.verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tables.verification.identifier, `reset-password:${token}`));
    expect(await resetPassword(pageRequest("/fr/reset-password"), anAddress(), token, "second-password")).toMatchObject(
      { ok: false, failure: "invalidToken" },
    );
  });

  it("sends at most three links to one address per quarter hour", async () => {
    const before = process.env.RATE_LIMIT;
    process.env.RATE_LIMIT = "on";
    try {
      const { email } = await newAccount();
      for (let i = 0; i < 5; i++)
        expect((await requestPasswordReset(pageRequest("/forgot-password"), anAddress(), email)).ok).toBe(true);
      expect((await mailsTo(email)).filter((m) => m.subject === "Reset your password")).toHaveLength(3);
      expect(await mayMailRecipient("reset", email.toUpperCase())).toBe(false);
      expect(await mayMailRecipient("verify", email)).toBe(true);
    } finally {
      if (before === undefined) delete process.env.RATE_LIMIT;
      else process.env.RATE_LIMIT = before;
    }
  });
});

describe("from the profile", () => {
  it("changes the password with the current one", async () => {
    const { email, cookie } = await newAccount();
    expect(
      await changePassword(pageRequest("/profile", cookie), anAddress(), "wrong-password", "second-password"),
    ).toMatchObject({ ok: false, failure: "wrongPassword" });
    expect(
      (await changePassword(pageRequest("/profile", cookie), anAddress(), "first-password", "second-password")).ok,
    ).toBe(true);
    expect((await signIn(pageRequest("/login"), anAddress(), { email, password: "second-password" })).ok).toBe(true);
  });

  it("changes the address of an unverified account at once and sends a link to verify the new one", async () => {
    const { cookie } = await newAccount();
    const next = `moved-${randomUUID().slice(0, 8)}@example.test`;
    expect((await changeEmail(pageRequest("/profile", cookie), anAddress(), next)).ok).toBe(true);
    const user = await getSessionUser(new Headers({ cookie }));
    expect(user).toMatchObject({ email: next, emailVerified: false });
    expect((await mailsTo(next))[0]!.subject).toBe("Confirm your new email address");
  });

  it("a verified account keeps its address until the link sent to the new one is opened", async () => {
    const { email, cookie } = await newAccount();
    const db = await getDb();
    await db.update(tables.user).set({ emailVerified: true }).where(eq(tables.user.email, email));
    const next = `moved-${randomUUID().slice(0, 8)}@example.test`;
    expect((await changeEmail(pageRequest("/profile", cookie), anAddress(), next)).ok).toBe(true);
    expect((await getSessionUser(new Headers({ cookie })))?.email).toBe(email);
    const [mail] = await mailsTo(next);
    expect(mail!.subject).toBe("Confirm your new email address");
    const link = new URL(mail!.text.match(/http\S+verify-email\S+/)![0]);
    await call(link.pathname + link.search, { cookie });
    expect(await getSessionUser(new Headers({ cookie }))).toMatchObject({ email: next, emailVerified: true });
  });
});
