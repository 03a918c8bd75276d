import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactLimiter } from "../../server/contact/contact.ts";
import { call, fromAddress, ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/**
 * Rate limits count per client address, taken from the connection (as @hono/node-server hands it
 * to the app), never from a header: two addresses, one exhausted, the other unaffected, on the
 * API and on the page forms; a spoofed X-Studio-Client-IP (or X-Forwarded-For) changes nothing.
 */
let site: { app: Hono; close: () => Promise<void> };
let user: TestUser;
beforeAll(async () => {
  site = await loadSite();
  user = await signUpUser();
}, 60_000);
afterAll(() => site.close());

let counter = 0;
const nextAddress = () => `192.0.2.${++counter}`;
const SPOOFED = { "x-studio-client-ip": "198.51.100.77", "x-forwarded-for": "198.51.100.78" };

/** A form posted by a browser without JavaScript, to a page action of the real site. */
function postForm(path: string, fields: Record<string, string>, address: string, headers: Record<string, string> = {}) {
  return site.app.request(
    `${ORIGIN}${path}`,
    {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
    },
    fromAddress(address),
  );
}

describe("sign-in limit (10 a minute)", () => {
  it("on the API: the exhausted address is refused, another is not, and a spoofed header does not help", async () => {
    const [exhausted, other] = [nextAddress(), nextAddress()];
    const wrong = { email: user.email, password: "wrong-password" };
    for (let i = 0; i < 10; i++)
      expect((await call("/api/auth/sign-in/email", { body: wrong, ip: exhausted })).status).toBe(401);
    expect((await call("/api/auth/sign-in/email", { body: wrong, ip: exhausted })).status).toBe(429);
    const spoofed = await call("/api/auth/sign-in/email", {
      body: { email: user.email, password: "correct-horse" },
      ip: exhausted,
      headers: SPOOFED,
    });
    expect(spoofed.status).toBe(429);
    expect(
      (await call("/api/auth/sign-in/email", { body: { email: user.email, password: "correct-horse" }, ip: other }))
        .status,
    ).toBe(200);
  });

  it("on the log-in page: the same", async () => {
    const [exhausted, other] = [nextAddress(), nextAddress()];
    const wrong = { email: user.email, password: "wrong-password" };
    for (let i = 0; i < 10; i++) expect((await postForm("/login", wrong, exhausted)).status).toBe(401);
    expect((await postForm("/login", wrong, exhausted)).status).toBe(429);
    expect(
      (await postForm("/login", { email: user.email, password: "correct-horse" }, exhausted, SPOOFED)).status,
    ).toBe(429);
    const right = await postForm("/fr/login", { email: user.email, password: "correct-horse" }, other);
    expect(right.status).toBe(302);
    expect(right.headers.get("set-cookie")).toContain("session_token");
  });
});

describe("sign-up limit (5 a minute)", () => {
  const account = (n: string) => ({
    username: `limit${n}`,
    email: `limit-${n}@example.test`,
    password: "correct-horse",
    confirmPassword: "correct-horse",
  });

  it("on the sign-up page", async () => {
    const [exhausted, other] = [nextAddress(), nextAddress()];
    for (let i = 0; i < 5; i++) expect((await postForm("/signup", account(`a${i}`), exhausted)).status).toBe(302);
    expect((await postForm("/signup", account("a5"), exhausted)).status).toBe(429);
    expect((await postForm("/signup", account("a6"), exhausted, SPOOFED)).status).toBe(429);
    expect((await postForm("/signup", account("b0"), other)).status).toBe(302);
  });
});

describe("contact limit (5 an hour)", () => {
  const message = (email: string) => ({ name: "Ana", email, projectType: "custom", message: "A print, please." });

  it("on the contact page", async () => {
    await contactLimiter.reset();
    const [exhausted, other] = [nextAddress(), nextAddress()];
    for (let i = 0; i < 5; i++)
      expect((await postForm("/contact", message(`page${i}@example.test`), exhausted)).status).toBe(200);
    expect((await postForm("/contact", message("page5@example.test"), exhausted)).status).toBe(429);
    expect((await postForm("/contact", message("page6@example.test"), exhausted, SPOOFED)).status).toBe(429);
    expect((await postForm("/contact", message("page7@example.test"), other)).status).toBe(200);
  });

  it("on the API", async () => {
    await contactLimiter.reset();
    const [exhausted, other] = [nextAddress(), nextAddress()];
    const send = (ip: string, headers: Record<string, string> = {}) =>
      call("/api/submitContactForm", { body: message("api@example.test"), ip, headers }).then((r) => r.status);
    for (let i = 0; i < 5; i++) expect(await send(exhausted)).toBe(200);
    expect(await send(exhausted)).toBe(429);
    expect(await send(exhausted, SPOOFED)).toBe(429);
    expect(await send(other)).toBe(200);
  });
});

describe("order limit (20 a minute)", () => {
  it("on the API", async () => {
    const [exhausted, other] = [nextAddress(), nextAddress()];
    const place = (ip: string, headers: Record<string, string> = {}) =>
      call("/api/orders", {
        body: { lines: [{ itemId: "missing", quantity: 1 }] },
        cookie: user.cookie,
        ip,
        headers,
      }).then((r) => r.status);
    for (let i = 0; i < 20; i++) expect(await place(exhausted)).not.toBe(429);
    expect(await place(exhausted)).toBe(429);
    expect(await place(exhausted, SPOOFED)).toBe(429);
    expect(await place(other)).not.toBe(429);
  });
});
