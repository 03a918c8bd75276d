import { data, redirect } from "react-router";
import type { Route } from "./+types/profile";
import { PrivacySection } from "~/features/account/privacy-section";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { OrderList } from "~/features/orders/order-parts";
import { localeFromPath, localizePath } from "~/lib/locale";
import { deleteAccount } from "../../server/account/privacy.ts";
import { signOut } from "../../server/auth/accounts.ts";
import { requirePageUser } from "../../server/auth/session.ts";
import { ApiError } from "../../server/http/errors.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { listOrdersForUser } from "../../server/orders/queries.ts";

export const meta = ({ location }: Route.MetaArgs) => pageTitle(location.pathname, "auth", (m) => m.auth.profileTitle);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePageUser(request);
  return { user, orders: await listOrdersForUser(user.id) };
}

/** Deleting the account: the same service as POST /api/account/delete, then signed out. */
export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requirePageUser(request);
  const locale = localeFromPath(url.pathname);
  const form = await request.formData();
  if (form.get("intent") !== "delete-account") return data({ error: undefined }, 400);
  try {
    await deleteAccount(user.id, form.get("email"), locale);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ error: error.message }, error.status);
  }
  // The sessions are gone already; this clears the browser's cookies.
  const signedOut = await signOut(request);
  return redirect(`${localizePath("/login", locale)}?accountDeleted=1`, { headers: signedOut.ok ? signedOut.headers : undefined });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages("auth", "common");
  const { user, orders } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">{m.auth.profileTitle}</h1>
      <dl className="card mt-8 grid gap-4 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">{m.auth.profileUsername}</dt>
        <dd className="break-words">{user.username}</dd>
        <dt className="font-semibold">{m.auth.profileEmail}</dt>
        <dd className="break-words">{user.email}</dd>
        {/* A buyer has no use for "Role: Customer"; the studio's staff see theirs. */}
        {user.role === "admin" && (
          <>
            <dt className="font-semibold">{m.auth.profileRole}</dt>
            <dd>
              <span className="inline-block rounded-full bg-accent px-3 py-1 text-sm font-semibold text-on-accent">
                {m.common.roles[user.role]}
              </span>
            </dd>
          </>
        )}
      </dl>
      <OrderList orders={orders} />
      <PrivacySection email={user.email} error={actionData?.error} />
    </section>
  );
}
