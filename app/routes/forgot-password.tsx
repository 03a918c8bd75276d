import { data, useActionData } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AuthCard, AuthFooterLink, AuthForm, AuthNotice } from "~/features/auth/auth-frame";
import { Field } from "~/features/auth/field";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "../../messages/messages.server.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { requestPasswordReset } from "../../server/auth/accounts.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { clientAddressContext } from "../../server/http/client-address.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "account", (m) => m.account.forgotTitle);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function action({ request, url, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const m = messagesFor(localeFromPath(url.pathname));
  const email = String((await request.formData()).get("email") ?? "").trim();
  if (!email) return data({ sent: false, reason: m.auth.fillAllFields, email }, 400);
  if (email.length > 254 || !EMAIL.test(email)) return data({ sent: false, reason: m.auth.invalidEmail, email }, 400);
  const result = await requestPasswordReset(request, context.get(clientAddressContext), email);
  // The same answer whether or not the address has an account; only a refusal for too many tries differs.
  if (!result.ok && result.failure === "tooManyAttempts")
    return data({ sent: false, reason: m.auth.tooManyAttempts, email }, 429);
  return { sent: true, reason: "", email };
}

export default function ForgotPassword() {
  const m = useMessages("auth", "account");
  const result = useActionData<typeof action>();
  return (
    <AuthCard title={m.account.forgotTitle} intro={m.account.forgotIntro}>
      {result?.sent ? (
        <AuthNotice>{m.account.forgotSent}</AuthNotice>
      ) : (
        <AuthForm error={result} submit={m.account.forgotButton} submitting={m.account.forgotSending}>
          <Field
            label={m.auth.email}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={result?.email}
            required
          />
        </AuthForm>
      )}
      <AuthFooterLink label={m.auth.toLogin} to="/login" />
    </AuthCard>
  );
}
