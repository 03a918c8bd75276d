import { data, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { AuthCard, AuthFooterLink, AuthForm, AuthNotice } from "~/features/auth/auth-frame";
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
import { isAdmin, redirectSignedIn } from "../../server/auth/session.ts";
import { mergeCartAtSignIn } from "../../server/cart/http.ts";
import { clientAddressContext } from "../../server/http/client-address.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "auth", (m) => m.auth.loginTitle);

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
    return data(
      { title: m.auth.loginFailed, reason, email: input.email },
      result.failure === "tooManyAttempts" ? 429 : 401,
    );
  }
  await mergeCartAtSignIn(request, result.userId, result.headers);
  const landing = (await isAdmin(result.userId)) ? "/admin" : "/";
  return redirect(safeRedirect(form.get("redirectTo"), localizePath(landing, locale)), { headers: result.headers });
}

export default function Login() {
  const m = useMessages("auth", "account");
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  return (
    <AuthCard title={m.auth.loginTitle} intro={m.auth.loginIntro}>
      <AuthForm error={result} submit={m.auth.loginButton} submitting={m.auth.loggingIn}>
        {params.get("accountDeleted") && !result && <AuthNotice>{m.auth.accountDeleted}</AuthNotice>}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label={m.auth.email} name="email" type="email" autoComplete="email" defaultValue={result?.email} />
        <Field label={m.auth.password} name="password" type="password" autoComplete="current-password" />
        <p className="text-right text-sm">
          <LocalizedLink to="/forgot-password" className="font-semibold text-accent underline">
            {m.account.forgotLink}
          </LocalizedLink>
        </p>
      </AuthForm>
      <AuthFooterLink text={m.auth.noAccount} label={m.auth.toSignup} to="/signup" redirectTo={redirectTo} />
    </AuthCard>
  );
}
