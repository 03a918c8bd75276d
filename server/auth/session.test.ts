import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { fromAddress, ORIGIN, signUpUser } from "../../tests/support/api.ts";
import { api } from "../api/index.ts";
import { getDb, tables } from "../db/index.ts";
import { handleApiError } from "../http/errors.ts";
import { scopedRequests } from "../http/request-scope.ts";
import { getAuth } from "./auth.ts";
import { getSessionUser, redirectSignedIn, requirePageAdmin } from "./session.ts";

// The API as the server mounts it: one scope per request, where the session's cookie cache is used.
const server = new Hono();
server.use(scopedRequests());
server.get("/page/admin", async (c) => {
  try {
    return c.json({ admin: (await requirePageAdmin(c.req.raw)).email });
  } catch (thrown) {
    if (thrown instanceof Response) return c.json({ redirect: thrown.headers.get("location") });
    throw thrown;
  }
});
server.get("/page/login", async (c) => {
  try {
    await redirectSignedIn(c.req.raw);
    return c.json({ form: true });
  } catch (thrown) {
    if (thrown instanceof Response) return c.json({ redirect: thrown.headers.get("location") });
    throw thrown;
  }
});
server.get("/page/who", async (c) => c.json({ user: await getSessionUser(c.req.raw.headers) }));
server.route("/", api);
server.onError(handleApiError);

function get(path: string, cookie: string, method = "GET"): Promise<Response> {
  const headers = new Headers({ cookie });
  if (method !== "GET") headers.set("origin", ORIGIN);
  return Promise.resolve(server.request(`${ORIGIN}${path}`, { method, headers }, fromAddress("203.0.113.9")));
}

/** The cookies a browser keeps after this answer: the ones it set replaced, the ones it cleared gone. */
function applyCookies(cookie: string, response: Response): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  for (const set of response.headers.getSetCookie()) {
    const [pair = ""] = set.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(set) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair.slice(pair.indexOf("=") + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

async function signedIn(role: "user" | "admin") {
  const account = await signUpUser(role);
  // Sign in again so that the cached session carries the role the database gives now.
  const response = await server.request(
    `${ORIGIN}/api/auth/sign-in/email`,
    {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ email: account.email, password: "correct-horse" }),
    },
    fromAddress("203.0.113.9"),
  );
  expect(response.status).toBe(200);
  const cookie = applyCookies("", response);
  expect(cookie).toContain("session_data");
  return { ...account, cookie };
}

describe("the session's cookie cache", () => {
  it("answers who is signed in on a GET without reading the session from the database", async () => {
    const buyer = await signedIn("user");
    // The session row is gone, but the signed cookie still says who this is, for a short time.
    await (await getDb()).delete(tables.session).where(eq(tables.session.userId, buyer.id));
    const who = (await (await get("/page/who", buyer.cookie)).json()) as { user: { email: string } | null };
    expect(who.user?.email).toBe(buyer.email);
    // Anything acting for the account reads the database: the same cookie no longer signs in there.
    expect((await get("/api/account/data", buyer.cookie)).status).toBe(401);
  });

  it("the same cookies seen again are not verified again, and a logout still counts on the next request", async () => {
    const buyer = await signedIn("user");
    const getSession = vi.spyOn((await getAuth()).api, "getSession");
    try {
      for (let i = 0; i < 3; i++) {
        const who = (await (await get("/page/who", buyer.cookie)).json()) as { user: { email: string } | null };
        expect(who.user?.email).toBe(buyer.email);
      }
      expect(getSession).toHaveBeenCalledTimes(1);
      // Another browser's cookies are theirs: a cached answer is never someone else's.
      const other = await signedIn("user");
      expect(((await (await get("/page/who", other.cookie)).json()) as { user: { email: string } }).user.email).toBe(
        other.email,
      );

      expect((await get("/api/auth/sign-out", buyer.cookie, "POST")).status).toBe(200);
      expect(await (await get("/page/who", buyer.cookie)).json()).toEqual({ user: null });
    } finally {
      getSession.mockRestore();
    }
  });

  it("is refreshed from the database when only the session cookie is sent, and the answer sets it", async () => {
    const buyer = await signedIn("user");
    const tokenOnly = buyer.cookie
      .split("; ")
      .filter((pair) => !pair.includes("session_data"))
      .join("; ");
    const response = await get("/api/me", tokenOnly);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((set) => set.includes("session_data="))).toBe(true);
  });

  it("logging out signs the browser out at once, and a copy of the old cookie acts for no one", async () => {
    const buyer = await signedIn("user");
    expect((await get("/api/me", buyer.cookie)).status).toBe(200);
    const signOut = await get("/api/auth/sign-out", buyer.cookie, "POST");
    expect(signOut.status).toBe(200);
    const after = applyCookies(buyer.cookie, signOut);
    expect(after).not.toContain("session");
    expect((await get("/api/me", after)).status).toBe(401);
    expect((await get("/api/account/data", buyer.cookie)).status).toBe(401);
    // The log-in page, asked for with the old cookies while the logout's answer is on its way, shows its form.
    expect(await (await get("/page/login", buyer.cookie)).json()).toEqual({ form: true });
  });

  it("a demoted admin loses the admin pages and API on the next request", async () => {
    const admin = await signedIn("admin");
    expect((await get("/api/admin/overview", admin.cookie)).status).toBe(200);
    expect(await (await get("/page/admin", admin.cookie)).json()).toEqual({ admin: admin.email });

    await (await getDb()).update(tables.user).set({ role: "user" }).where(eq(tables.user.id, admin.id));
    expect((await get("/api/admin/overview", admin.cookie)).status).toBe(403);
    expect(await (await get("/page/admin", admin.cookie)).json()).toEqual({ redirect: "/" });
  });

  it("a deleted account is signed out of every page and API that needs an account", async () => {
    const admin = await signedIn("admin");
    await (await getDb()).delete(tables.user).where(eq(tables.user.id, admin.id));
    expect((await get("/api/admin/overview", admin.cookie)).status).toBe(401);
    expect(await (await get("/page/admin", admin.cookie)).json()).toEqual({
      redirect: expect.stringMatching(/^\/login\?redirectTo=/),
    });
  });
});
