import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { safeRedirect } from "../../domain/safe-redirect.ts";
import { signOut } from "../../server/auth/accounts.ts";
import { clientAddressContext } from "../../server/http/client-address.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const result = await signOut(request, context.get(clientAddressContext));
  const headers = result.ok ? result.headers : undefined;
  return redirect(safeRedirect(form.get("redirectTo"), "/"), { headers });
}

export function loader() {
  return redirect("/");
}
