import { data, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/signup";
import { AuthCard, AuthFooterLink, AuthForm } from "~/features/auth/auth-frame";
import { failureReason, validationMessage } from "~/features/auth/auth-messages";
import { Field } from "~/features/auth/field";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "../../messages/messages.server.ts";
import { validateSignup } from "../../domain/auth-rules.ts";
import { localeFromPath, localizePath } from "../../domain/locale.ts";
import { safeRedirect } from "../../domain/safe-redirect.ts";
import { signUp } from "../../server/auth/accounts.ts";
import { redirectSignedIn } from "../../server/auth/session.ts";
import { mergeCartAtSignIn } from "../../server/cart/http.ts";
import { clientAddressContext } from "../../server/http/client-address.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "auth", (m) => m.auth.signupTitle);

export async function loader({ request }: Route.LoaderArgs) {
  await redirectSignedIn(request);
  return null;
}

export async function action({ request, url, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const locale = localeFromPath(url.pathname);
  const m = messagesFor(locale);
  const form = await request.formData();
  const input = {
    username: String(form.get("username") ?? ""),
    email: String(form.get("email") ?? ""),
    password: String(form.get("password") ?? ""),
    confirmPassword: String(form.get("confirmPassword") ?? ""),
  };
  const kept = { username: input.username, email: input.email };
  const invalid = validateSignup(input);
  if (invalid) return data({ title: undefined, reason: validationMessage(m, invalid), ...kept }, 400);

  const result = await signUp(request, context.get(clientAddressContext), input);
  if (!result.ok) {
    const reason = failureReason(m, result.failure, m.auth.signupError);
    return data({ title: m.auth.signupFailed, reason, ...kept }, result.failure === "tooManyAttempts" ? 429 : 400);
  }
  await mergeCartAtSignIn(request, result.userId, result.headers);
  // The verify page says what comes next (the address, why, what it unlocks), then goes on to where the buyer was going.
  const next = safeRedirect(form.get("redirectTo"), localizePath("/", locale));
  return redirect(`${localizePath("/verify", locale)}?welcome=1&next=${encodeURIComponent(next)}`, {
    headers: result.headers,
  });
}

export default function Signup() {
  const m = useMessages("auth");
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  return (
    <AuthCard title={m.auth.signupTitle} intro={m.auth.signupIntro}>
      <AuthForm error={result} submit={m.auth.signupButton} submitting={m.auth.signingUp}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label={m.auth.username} name="username" autoComplete="username" defaultValue={result?.username} />
        <Field label={m.auth.email} name="email" type="email" autoComplete="email" defaultValue={result?.email} />
        <Field
          label={m.auth.password}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={m.auth.passwordHint}
        />
        <Field label={m.auth.confirmPassword} name="confirmPassword" type="password" autoComplete="new-password" />
      </AuthForm>
      <AuthFooterLink text={m.auth.haveAccount} label={m.auth.toLogin} to="/login" redirectTo={redirectTo} />
    </AuthCard>
  );
}
