import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import type { Role } from "../../domain/auth-rules.ts";
import { localeFromPath, localizePath } from "../../domain/locale.ts";
import { pageAddress } from "../../domain/safe-redirect.ts";
import { ApiError } from "../http/errors.ts";
import { oncePerRequest, requestScope } from "../http/request-scope.ts";
import { getDb } from "../db/index.ts";
import { user } from "../db/schema.ts";
import { getAuth } from "./auth.ts";
import { acceptedUser, cachedSessionOf, credentialsKey, rememberAccepted } from "./verified-cookies.ts";

export type SessionUser = { id: string; email: string; username: string; role: Role; emailVerified: boolean };

/** Whether the request carries a session cookie or a bearer token, valid or not. */
export function hasSessionCredentials(headers: Headers): boolean {
  return Boolean(headers.get("authorization") || headers.get("cookie")?.includes("session_token"));
}

/**
 * The signed-in user from the session cookie or a bearer token, for showing who is signed in.
 * On a GET it may come from better-auth's signed cookie cache (decision 038: up to
 * SESSION_COOKIE_CACHE_SECONDS old, no database read), which every change of the account makes
 * stale on every server (decision 046: logout, revocation, deletion, role, e-mail, verification):
 * the buyer's own pages (requirePageUser) read it so. A write, the API (apiUser), the admin's
 * pages and the log-in and sign-up pages' redirectSignedIn read the session from the database.
 */
export async function getSessionUser(headers: Headers, options: { fresh?: boolean } = {}): Promise<SessionUser | null> {
  if (!hasSessionCredentials(headers)) return null;
  const scope = requestScope();
  // A write may sign out or change the account before the loaders run again in the same request.
  if (scope?.method !== "GET" && scope?.method !== "HEAD") return readSessionUser(headers, true);
  const credentials = `${headers.get("authorization") ?? ""}|${headers.get("cookie") ?? ""}`;
  if (options.fresh) return oncePerRequest(`session fresh ${credentials}`, () => readSessionUser(headers, true));
  return oncePerRequest(`session ${credentials}`, () => readSessionUser(headers, false));
}

async function readSessionUser(headers: Headers, fresh: boolean): Promise<SessionUser | null> {
  const key = fresh ? null : credentialsKey(headers);
  const known = key ? acceptedUser<SessionUser>(key) : undefined;
  if (known) return known;
  const auth = await getAuth();
  const { headers: answerHeaders, response: session } = await auth.api.getSession({
    headers,
    query: { disableCookieCache: fresh },
    returnHeaders: true,
  });
  // A refreshed cache cookie (or a cleared one, when the session has ended) goes to the browser.
  const scope = requestScope();
  const setCookies = answerHeaders.getSetCookie();
  if (scope) scope.setCookies.push(...setCookies);
  if (!session) return null;
  const { id, email, name, role, emailVerified } = session.user as typeof session.user & { role?: string };
  const user: SessionUser = {
    id,
    email,
    username: name,
    role: role === "admin" ? "admin" : "user",
    emailVerified: emailVerified === true,
  };
  // Answered from the signed cache as it stands (nothing set again): the same cookies are the same answer until it expires.
  const cached = key && setCookies.length === 0 ? cachedSessionOf(headers) : null;
  if (key && cached && cached.userId === id) rememberAccepted(key, cached, user);
  return user;
}

// For API handlers: a 401 or 403 JSON error.
export async function apiUser(headers: Headers): Promise<SessionUser> {
  const user = await getSessionUser(headers, { fresh: true });
  if (!user) throw new ApiError(401, "User not authenticated");
  return user;
}

export async function apiAdmin(headers: Headers): Promise<SessionUser> {
  const user = await apiUser(headers);
  if (user.role !== "admin") throw new ApiError(403, "Admin role required");
  return user;
}

// For pages: anonymous visitors go to log in and come back; non-admins go home.
export async function requirePageUser(request: Request, options: { fresh?: boolean } = {}): Promise<SessionUser> {
  const user = await getSessionUser(request.headers, options);
  if (user) return user;
  const url = new URL(request.url);
  const login = localizePath("/login", localeFromPath(url.pathname));
  throw redirect(`${login}?redirectTo=${encodeURIComponent(pageAddress(url))}`);
}

export async function requirePageAdmin(request: Request): Promise<SessionUser> {
  const user = await requirePageUser(request, { fresh: true });
  if (user.role !== "admin") throw redirect(localizePath("/", localeFromPath(new URL(request.url).pathname)));
  return user;
}

// From the database: a page loaded while a logout is on its way must not bounce the visitor home.
export async function redirectSignedIn(request: Request): Promise<void> {
  const user = await getSessionUser(request.headers, { fresh: true });
  if (user) throw redirect(localizePath("/", localeFromPath(new URL(request.url).pathname)));
}

/** Whether this account is an admin's (a signed-in admin lands on /admin). */
export async function isAdmin(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return row?.role === "admin";
}

/** Whether the buyer has proved they read this address (checkout asks for it before paying). */
export function isEmailVerified(user: Pick<SessionUser, "emailVerified">): boolean {
  return user.emailVerified;
}
