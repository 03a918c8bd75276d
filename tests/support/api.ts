import { randomUUID } from "node:crypto";
import { distrustCachedSessions } from "../../server/auth/cache-revocations.ts";
import { eq } from "drizzle-orm";
import { api } from "../../server/api/index.ts";
import { getDb, tables } from "../../server/db/index.ts";

export const ORIGIN = "http://localhost:3000";

type CallOptions = {
  method?: string;
  body?: unknown;
  cookie?: string;
  bearer?: string;
  ip?: string;
  headers?: Record<string, string>;
};

/** Calls the /api app in-process, as a browser on this site would. */
export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.body !== undefined) headers.set("content-type", "application/json");
  if (options.method && options.method !== "GET") headers.set("origin", headers.get("origin") ?? ORIGIN);
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.bearer) headers.set("authorization", `Bearer ${options.bearer}`);
  return api.request(
    `${ORIGIN}${path}`,
    {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    },
    fromAddress(options.ip ?? "203.0.113.1"),
  );
}

/**
 * What @hono/node-server hands the app for a request from this address (its `c.env`): tests set
 * the socket's address the way the real server does, not through a header.
 */
export function fromAddress(remoteAddress: string) {
  return { incoming: { socket: { remoteAddress } } };
}

export type TestUser = { id: string; email: string; cookie: string; token: string };

/** Signs up a new account through the real endpoint and returns its session cookie and bearer token. */
export async function signUpUser(role: "user" | "admin" = "user"): Promise<TestUser> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const response = await call("/api/auth/sign-up/email", {
    body: { name: email.split("@")[0], email, password: "correct-horse" },
    ip: `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (role === "admin") {
    const db = await getDb();
    await db.update(tables.user).set({ role: "admin" }).where(eq(tables.user.id, body.user.id));
    // As Admin → Staff does: the sign-up's cached session carries the old role.
    distrustCachedSessions(body.user.id);
  }
  return { id: body.user.id, email, cookie, token: response.headers.get("set-auth-token") ?? "" };
}
