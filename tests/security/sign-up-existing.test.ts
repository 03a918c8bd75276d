import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetMailLimits } from "../../server/mail/recipient-limit.ts";
import { getDb, tables } from "../../server/db/index.ts";
import { call, signUpUser } from "../support/api.ts";

let ip = 0;
const signUp = (email: string, locale = "en") =>
  call("/api/auth/sign-up/email", {
    body: { name: "someone", email, password: "another-horse" },
    ip: `198.18.0.${++ip}`,
    headers: { "accept-language": locale === "fr" ? "fr-CA" : "en-CA" },
  });

async function mailsTo(email: string) {
  return (await getDb())
    .select()
    .from(tables.outbox)
    .where(eq(tables.outbox.to, email))
    .orderBy(asc(tables.outbox.createdAt));
}

beforeEach(() => resetMailLimits());

describe("sign-up with an address that already has an account (decision 045)", () => {
  it("says so, as before, and e-mails the address's owner the ways in, in the page's language", async () => {
    const owner = await signUpUser();
    const before = (await mailsTo(owner.email)).length;
    const response = await signUp(owner.email.toUpperCase(), "fr");
    expect(response.status).toBe(422);
    const mails = (await mailsTo(owner.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Vous avez déjà un compte");
    expect(mails[0]!.text).toMatch(/\/fr\/login\n/);
    expect(mails[0]!.text).toMatch(/\/fr\/forgot-password\n/);
    // Nothing else changed: the owner's password still signs in, the stranger's does not.
    expect(
      (
        await call("/api/auth/sign-in/email", {
          body: { email: owner.email, password: "correct-horse" },
          ip: "198.18.1.1",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call("/api/auth/sign-in/email", {
          body: { email: owner.email, password: "another-horse" },
          ip: "198.18.1.2",
        })
      ).status,
    ).toBe(401);
  });

  it("a new address gets its verification link, not this notice", async () => {
    const email = `new-${Date.now()}@example.test`;
    expect((await signUp(email)).status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual(["Verify your email address"]);
  });

  it("cannot flood the owner's inbox: three notices per 15 minutes at most", async () => {
    const owner = await signUpUser();
    const before = (await mailsTo(owner.email)).length;
    for (let i = 0; i < 5; i++) expect((await signUp(owner.email)).status).toBe(422);
    const notices = (await mailsTo(owner.email)).slice(before);
    expect(notices).toHaveLength(3);
    expect(notices.every((m) => m.subject === "You already have an account")).toBe(true);
  });
});
