import { data, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthCard, AuthFooterLink, AuthForm, AuthNotice } from "~/features/auth/auth-frame";
import { Field } from "~/features/auth/field";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "../../messages/messages.server.ts";
import { PASSWORD_MIN_LENGTH } from "../../domain/auth-rules.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { resetPassword } from "../../server/auth/accounts.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { clientAddressContext } from "../../server/http/client-address.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "account", (m) => m.account.resetTitle);

const MAX_PASSWORD = 128;

export async function action({ request, url, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const m = messagesFor(localeFromPath(url.pathname));
  const form = await request.formData();
  const token = String(form.get("token") ?? "").slice(0, 200);
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirmPassword") ?? "");
  if (!token) return data({ done: false, reason: m.auth.invalidToken, expired: true }, 400);
  if (!password || !confirm) return data({ done: false, reason: m.auth.fillAllFields, expired: false }, 400);
  if (password !== confirm) return data({ done: false, reason: m.auth.passwordsDoNotMatch, expired: false }, 400);
  if (password.length < PASSWORD_MIN_LENGTH || password.length > MAX_PASSWORD)
    return data({ done: false, reason: m.auth.passwordTooShort, expired: false }, 400);
  const result = await resetPassword(request, context.get(clientAddressContext), token, password);
  if (!result.ok) {
    const reason = result.failure === "tooManyAttempts" ? m.auth.tooManyAttempts : m.auth.invalidToken;
    return data(
      { done: false, reason, expired: result.failure !== "tooManyAttempts" },
      result.failure === "tooManyAttempts" ? 429 : 400,
    );
  }
  return { done: true, reason: "", expired: false };
}

export default function ResetPassword() {
  const m = useMessages("auth", "account");
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  if (result?.done) {
    return (
      <AuthCard title={m.account.resetTitle} intro="">
        <AuthNotice>{m.account.resetDone}</AuthNotice>
        <p className="mt-6 text-center">
          <LocalizedLink to="/login" className="btn btn-primary">
            {m.auth.loginButton}
          </LocalizedLink>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={m.account.resetTitle} intro={token ? m.account.resetIntro : m.account.resetNoToken}>
      {token && (
        <AuthForm error={result} submit={m.account.resetButton}>
          <input type="hidden" name="token" value={token} />
          <Field
            label={m.account.newPassword}
            name="password"
            type="password"
            autoComplete="new-password"
            hint={m.auth.passwordHint}
            maxLength={MAX_PASSWORD}
            required
          />
          <Field
            label={m.account.confirmNewPassword}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            maxLength={MAX_PASSWORD}
            required
          />
        </AuthForm>
      )}
      {(!token || result?.expired) && <AuthFooterLink label={m.account.askAgain} to="/forgot-password" />}
    </AuthCard>
  );
}
