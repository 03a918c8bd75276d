import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AuthCard, FormError } from "~/features/auth/auth-card";
import { Field } from "~/features/auth/field";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "../../messages/messages.server.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { requestPasswordReset } from "../../server/auth/accounts.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { clientAddressContext } from "../../server/http/client-address.ts";

export const meta = ({ location }: Route.MetaArgs) => pageTitle(location.pathname, "account", (m) => m.account.forgotTitle);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function action({ request, url, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const m = messagesFor(localeFromPath(url.pathname));
  const email = String((await request.formData()).get("email") ?? "").trim();
  if (!email) return data({ sent: false, reason: m.auth.fillAllFields, email }, 400);
  if (email.length > 254 || !EMAIL.test(email)) return data({ sent: false, reason: m.auth.invalidEmail, email }, 400);
  const result = await requestPasswordReset(request, context.get(clientAddressContext), email);
  // The same answer whether or not the address has an account; only a refusal for too many tries differs.
  if (!result.ok && result.failure === "tooManyAttempts") return data({ sent: false, reason: m.auth.tooManyAttempts, email }, 429);
  return { sent: true, reason: "", email };
}

export default function ForgotPassword() {
  const m = useMessages("auth", "account");
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title={m.account.forgotTitle} intro={m.account.forgotIntro}>
      {result?.sent ? (
        <p role="status" className="rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-success">{m.account.forgotSent}</p>
      ) : (
        <Form method="post" noValidate className="space-y-4">
          {result && !result.sent && <FormError reason={result.reason} />}
          <Field label={m.auth.email} name="email" type="email" autoComplete="email" maxLength={254} defaultValue={result?.email} required />
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {busy ? m.account.forgotSending : m.account.forgotButton}
          </button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <LocalizedLink to="/login" className="font-semibold text-accent underline">{m.auth.toLogin}</LocalizedLink>
      </p>
    </AuthCard>
  );
}
