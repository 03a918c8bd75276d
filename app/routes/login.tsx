import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { AuthCard, FormError } from "~/features/auth/auth-card";
import { failureReason, validationMessage } from "~/features/auth/auth-messages";
import { Field } from "~/features/auth/field";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "../../messages/messages.server.ts";
import { validateLogin } from "../../domain/auth-rules.ts";
import { localeFromPath, localizePath } from "../../domain/locale.ts";
import { safeRedirect } from "../../domain/safe-redirect.ts";
import { signIn } from "../../server/auth/accounts.ts";
import { redirectSignedIn } from "../../server/auth/session.ts";
import { mergeCartAtSignIn } from "../../server/cart/http.ts";
import { clientAddressContext } from "../../server/http/client-address.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

export const meta = ({ location }: Route.MetaArgs) => pageTitle(location.pathname, "auth", (m) => m.auth.loginTitle);

export async function loader({ request }: Route.LoaderArgs) {
  await redirectSignedIn(request);
  return null;
}

export async function action({ request, url, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const locale = localeFromPath(url.pathname);
  const m = messagesFor(locale);
  const form = await request.formData();
  const input = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
  const invalid = validateLogin(input);
  if (invalid) return data({ title: undefined, reason: validationMessage(m, invalid), email: input.email }, 400);

  const result = await signIn(request, context.get(clientAddressContext), input);
  if (!result.ok) {
    const reason = failureReason(m, result.failure, m.auth.loginError);
    return data({ title: m.auth.loginFailed, reason, email: input.email }, result.failure === "tooManyAttempts" ? 429 : 401);
  }
  await mergeCartAtSignIn(request, result.userId, result.headers);
  return redirect(safeRedirect(form.get("redirectTo"), localizePath("/", locale)), { headers: result.headers });
}

export default function Login() {
  const m = useMessages("auth", "account");
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const redirectTo = params.get("redirectTo") ?? "";
  return (
    <AuthCard title={m.auth.loginTitle} intro={m.auth.loginIntro}>
      <Form method="post" noValidate className="space-y-4">
        {params.get("accountDeleted") && !result && (
          <p role="status" className="rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-success">
            {m.auth.accountDeleted}
          </p>
        )}
        {result && <FormError title={result.title} reason={result.reason} />}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label={m.auth.email} name="email" type="email" autoComplete="email" defaultValue={result?.email} />
        <Field label={m.auth.password} name="password" type="password" autoComplete="current-password" />
        <p className="text-right text-sm">
          <LocalizedLink to="/forgot-password" className="font-semibold text-accent underline">{m.account.forgotLink}</LocalizedLink>
        </p>
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? m.auth.loggingIn : m.auth.loginButton}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        {m.auth.noAccount}{" "}
        <LocalizedLink
          to={redirectTo ? `/signup?redirectTo=${encodeURIComponent(redirectTo)}` : "/signup"}
          className="font-semibold text-accent underline"
        >
          {m.auth.toSignup}
        </LocalizedLink>
      </p>
    </AuthCard>
  );
}
