import { data, redirect } from "react-router";
import type { Route } from "./+types/preferences";
import { preferenceCookie, THEME_COOKIE, themeFrom } from "~/lib/preferences";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

/** Saves the theme in a cookie so every page renders in it from the server, without a flash. */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const cookie = preferenceCookie(THEME_COOKIE, themeFrom(String(form.get("theme"))));
  const back = request.headers.get("referer");
  if (request.headers.get("accept")?.includes("text/html") && back) {
    return redirect(new URL(back).pathname, { headers: { "Set-Cookie": cookie } });
  }
  return data({ ok: true }, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
