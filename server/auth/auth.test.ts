import { describe, expect, it } from "vitest";
import { call, signUpUser } from "../../tests/support/api.ts";

describe("accounts", () => {
  it("registers a user with the username as display name and the user role", async () => {
    const response = await call("/api/auth/sign-up/email", {
      body: { name: "maker", email: "maker@example.test", password: "secret1" },
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await call("/api/me", { cookie });
    expect(await me.json()).toEqual({
      user: {
        id: expect.any(String),
        email: "maker@example.test",
        username: "maker",
        role: "user",
        emailVerified: false,
      },
    });
  });

  it("ignores a role sent by the browser at registration", async () => {
    const response = await call("/api/auth/sign-up/email", {
      body: { name: "sneaky", email: "sneaky@example.test", password: "secret1", role: "admin" },
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = (await (await call("/api/me", { cookie })).json()) as { user: { role: string } };
    expect(me.user.role).toBe("user");
  });

  it("refuses a password under six characters on the server too", async () => {
    const response = await call("/api/auth/sign-up/email", {
      body: { name: "short", email: "short@example.test", password: "abc" },
    });
    expect(response.status).toBe(400);
  });

  it("sets an HttpOnly, SameSite session cookie", async () => {
    const response = await call("/api/auth/sign-up/email", {
      body: { name: "cookie", email: "cookie@example.test", password: "secret1" },
    });
    const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("answers 401 without a session, and accepts a bearer token", async () => {
    expect((await call("/api/me")).status).toBe(401);
    const user = await signUpUser();
    const response = await call("/api/me", { bearer: user.token });
    expect(response.status).toBe(200);
  });
});

describe("admin endpoints", () => {
  it("refuse anonymous visitors (401) and plain users (403), and serve admins", async () => {
    const anonymous = await call("/api/admin/overview");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: "unauthenticated", message: "User not authenticated" } });

    const user = await signUpUser();
    const forbidden = await call("/api/admin/overview", { cookie: user.cookie });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { error: { code: string } }).error.code).toBe("permission-denied");

    const admin = await signUpUser("admin");
    const allowed = await call("/api/admin/overview", { cookie: admin.cookie });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ items: expect.any(Number), categories: expect.any(Number) });
  });
});

describe("sign-in rate limit", () => {
  it("is counted per client address", async () => {
    const user = await signUpUser();
    const attempt = (ip: string) =>
      call("/api/auth/sign-in/email", { body: { email: user.email, password: "wrong-password" }, ip });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt("192.0.2.10")).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await attempt("192.0.2.11")).status).toBe(401);
  });
});

describe("unknown endpoints", () => {
  it("answer a JSON not-found error", async () => {
    const response = await call("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not-found", message: "Not found" } });
  });
});
