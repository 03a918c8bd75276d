import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/verify";
import { AuthCard, FormError } from "~/features/auth/auth-frame";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "../../messages/messages.server.ts";
import { localeFromPath, localizePath } from "../../domain/locale.ts";
import { safeRedirect } from "../../domain/safe-redirect.ts";
import { sendVerificationAgain } from "../../server/auth/accounts.ts";
import { getSessionUser, requirePageUser } from "../../server/auth/session.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { clientAddressContext } from "../../server/http/client-address.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "account", (m) => m.account.verifyTitle);

/** Where a verification link lands (better-auth adds ?error=… when it refused the link), and "send the link again". */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await getSessionUser(request.headers);
  return {
    failed: url.searchParams.has("error"),
    email: user?.email ?? null,
    verified: user?.emailVerified ?? url.searchParams.get("verified") === "1",
    signedIn: Boolean(user),
    welcome: url.searchParams.get("welcome") === "1",
    next: url.searchParams.has("next")
      ? safeRedirect(url.searchParams.get("next"), localizePath("/", localeFromPath(url.pathname)))
      : null,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requirePageUser(request);
  const m = messagesFor(localeFromPath(url.pathname));
  if (user.emailVerified) return { sent: false, reason: "" };
  const result = await sendVerificationAgain(request, context.get(clientAddressContext), user.email);
  if (!result.ok)
    return data(
      { sent: false, reason: result.failure === "tooManyAttempts" ? m.auth.tooManyAttempts : m.auth.loginError },
      result.failure === "tooManyAttempts" ? 429 : 400,
    );
  return { sent: true, reason: "" };
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  const m = useMessages("auth", "account");
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { failed, email, verified, signedIn, welcome, next } = loaderData;
  const message = failed
    ? m.account.verifyFailed
    : verified
      ? m.account.verifyDone
      : email
        ? m.account.verifyPending(email)
        : m.account.verifyLogIn;
  return (
    <AuthCard title={m.account.verifyTitle} intro="">
      <p
        role={failed ? "alert" : "status"}
        className={failed ? "alert-error" : "rounded-lg border border-border bg-surface-2 px-4 py-3"}
      >
        {message}
      </p>
      {result?.sent && (
        <p role="status" className="mt-4 rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-success">
          {m.account.sentAgain}
        </p>
      )}
      {result && !result.sent && result.reason && (
        <div className="mt-4">
          <FormError reason={result.reason} />
        </div>
      )}
      {welcome && !verified && <p className="mt-4 font-semibold">{m.account.welcome}</p>}
      {signedIn && !verified && (
        <section className="mt-4 space-y-2" aria-labelledby="verify-next">
          <h2 id="verify-next" className="text-lg font-bold">
            {m.account.nextTitle}
          </h2>
          <p>{m.account.nextWhy}</p>
          <p>{m.account.nextUnlocks}</p>
          <p>{m.account.nextMeanwhile}</p>
        </section>
      )}
      {signedIn && !verified && (
        <Form method="post" className="mt-6">
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {m.account.sendAgain}
          </button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        {next ? (
          <a href={next} className="font-semibold text-accent underline">
            {m.account.continue}
          </a>
        ) : signedIn ? (
          <LocalizedLink to="/store" className="font-semibold text-accent underline">
            {m.account.toStore}
          </LocalizedLink>
        ) : (
          <LocalizedLink to="/login" className="font-semibold text-accent underline">
            {m.auth.toLogin}
          </LocalizedLink>
        )}
      </p>
    </AuthCard>
  );
}
