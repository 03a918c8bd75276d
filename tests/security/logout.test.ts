import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { api } from "../../server/api/index.ts";
import { handleApiError } from "../../server/http/errors.ts";
import { scopedRequests } from "../../server/http/request-scope.ts";
import { fromAddress, ORIGIN, signUpUser } from "../support/api.ts";

// The API as the server mounts it: one scope per request, where the session's cookie cache is trusted on a GET.
const server = new Hono();
server.use(scopedRequests());
server.route("/", api);
server.onError(handleApiError);

let ip = 0;
function request(path: string, cookie: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  const headers = new Headers({ cookie });
  if (init.method && init.method !== "GET") headers.set("origin", ORIGIN);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return Promise.resolve(
    server.request(
      `${ORIGIN}${path}`,
      { method: init.method ?? "GET", headers, body },
      fromAddress(`203.0.113.${(ip++ % 200) + 1}`),
    ),
  );
}

/** Signs in through the real endpoint: the cookies a browser keeps, the signed session cache among them. */
async function signedIn(role: "user" | "admin") {
  const account = await signUpUser(role);
  const response = await request("/api/auth/sign-in/email", "", {
    method: "POST",
    body: { email: account.email, password: "correct-horse" },
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((set) => set.split(";")[0])
    .join("; ");
  expect(cookie).toContain("session_data");
  return { ...account, cookie };
}

const me = async (cookie: string) => {
  const response = await request("/api/me", cookie);
  return {
    status: response.status,
    user: response.ok ? ((await response.json()) as { user: { id: string; role: string } }).user : null,
  };
};

describe("logout is final (issue 20, finding 5)", () => {
  it("a copy of the cookies of a browser that logged out answers 401 on /api/me from the next request on", async () => {
    const buyer = await signedIn("user");
    expect((await me(buyer.cookie)).status).toBe(200);
    expect((await request("/api/auth/sign-out", buyer.cookie, { method: "POST" })).status).toBe(200);
    expect(await me(buyer.cookie)).toEqual({ status: 401, user: null });
  });

  it("a session revoked from another device answers 401 at once", async () => {
    const buyer = await signedIn("user");
    const other = await request("/api/auth/sign-in/email", "", {
      method: "POST",
      body: { email: buyer.email, password: "correct-horse" },
    });
    const otherCookie = other.headers
      .getSetCookie()
      .map((set) => set.split(";")[0])
      .join("; ");
    expect((await me(buyer.cookie)).status).toBe(200);
    const revoked = await request("/api/auth/revoke-other-sessions", otherCookie, { method: "POST", body: {} });
    expect(revoked.status).toBe(200);
    expect((await me(buyer.cookie)).status).toBe(401);
    expect((await me(otherCookie)).status).toBe(200);
  });

  it("a deleted account answers 401 at once", async () => {
    const buyer = await signedIn("user");
    const copy = buyer.cookie;
    expect(
      (await request("/api/account/delete", buyer.cookie, { method: "POST", body: { email: buyer.email } })).status,
    ).toBeLessThan(300);
    expect((await me(copy)).status).toBe(401);
  });

  it("a demoted admin is shown without the admin role at once, and the admin API refuses", async () => {
    const owner = await signedIn("admin");
    const colleague = await signedIn("admin");
    expect((await me(colleague.cookie)).user?.role).toBe("admin");
    const demoted = await request(`/api/admin/staff/${colleague.id}/role`, owner.cookie, {
      method: "POST",
      body: { role: "user" },
    });
    expect(demoted.status).toBe(200);
    expect((await me(colleague.cookie)).user?.role).toBe("user");
    expect((await request("/api/admin/overview", colleague.cookie)).status).toBe(403);
    // Everyone else keeps the speed of the cache: the owner's cached session is still trusted.
    expect((await me(owner.cookie)).user?.role).toBe("admin");
  });
});
