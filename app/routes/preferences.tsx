import { data, redirect } from "react-router";
import type { Route } from "./+types/preferences";
import { preferenceCookie, THEME_COOKIE } from "../../domain/preferences.ts";
import { safeRedirect } from "../../domain/safe-redirect.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

/** Saves the theme in a cookie so every page renders in it from the server, without a flash. */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  // A choice is light or dark; anything else is taken as light, as before.
  const cookie = preferenceCookie(THEME_COOKIE, form.get("theme") === "dark" ? "dark" : "light");
  // Back to the page the form was on: only a page of this site, by a path checked like any redirect.
  const back = backTo(request);
  if (request.headers.get("accept")?.includes("text/html") && back) {
    return redirect(back, { headers: { "Set-Cookie": cookie } });
  }
  return data({ ok: true }, { headers: { "Set-Cookie": cookie } });
}

function backTo(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer || !URL.canParse(referer)) return null;
  const url = new URL(referer);
  if (url.origin !== new URL(request.url).origin) return null;
  const path = safeRedirect(`${url.pathname}${url.search}`, "");
  return path || null;
}

export function loader() {
  return redirect("/");
}
