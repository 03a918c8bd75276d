import { localizePath, type Locale } from "../../domain/locale.ts";
import { requestLocale } from "../http/request-locale.ts";
import { config } from "../config.ts";
import { sendMail } from "../mail/mailer.ts";
import { mayMailRecipient } from "../mail/recipient-limit.ts";
import { composeMail } from "../mail/emails/compose.ts";
import { emailChangeEmail, existingAccountEmail, resetPasswordEmail, verifyEmail } from "../mail/emails/templates.ts";

/**
 * The account e-mails better-auth asks for (password reset, address verification), in the
 * language of the page that asked (our forms pass it as Accept-Language), through the outbox.
 */
function localeOf(request: Request | undefined): Locale {
  return request ? requestLocale(request.headers) : "en";
}

/** Our own page for a reset link: better-auth's token, handled by /reset-password. */
export function resetPasswordUrl(token: string, locale: Locale): string {
  return `${config.publicUrl}${localizePath("/reset-password", locale)}?token=${encodeURIComponent(token)}`;
}

/** Where better-auth sends the browser after checking a verification link. */
export function verifiedCallbackUrl(locale: Locale): string {
  return `${config.publicUrl}${localizePath("/verify", locale)}?verified=1`;
}

export async function sendResetPasswordMail(
  user: { email: string; name: string },
  token: string,
  request: Request | undefined,
): Promise<void> {
  if (!(await mayMailRecipient("reset", user.email))) return;
  const locale = localeOf(request);
  await sendMail({
    to: user.email,
    ...(await composeMail(resetPasswordEmail, { name: user.name, url: resetPasswordUrl(token, locale) }, locale)),
  });
}

/**
 * Sign-up with an address that already has an account (decision 045): its owner is told, with the
 * ways in, so that a buyer who forgot the account finds it in the inbox, and a stranger's attempt
 * does not go unnoticed.
 */
export async function sendExistingAccountMail(
  user: { email: string; name: string },
  request: Request | undefined,
): Promise<void> {
  if (!(await mayMailRecipient("existing-account", user.email))) return;
  const locale = localeOf(request);
  const page = (path: string) => `${config.publicUrl}${localizePath(path, locale)}`;
  await sendMail({
    to: user.email,
    ...(await composeMail(
      existingAccountEmail,
      { name: user.name, logInUrl: page("/login"), resetUrl: page("/forgot-password") },
      locale,
    )),
  });
}

export async function sendVerificationMail(
  user: { email: string; name: string },
  url: string,
  request: Request | undefined,
): Promise<void> {
  if (!(await mayMailRecipient("verify", user.email))) return;
  const locale = localeOf(request);
  // A link asked for by an address change confirms the new address, not a new account.
  const changing = request ? new URL(request.url).pathname.endsWith("/change-email") : false;
  const template = changing ? emailChangeEmail : verifyEmail;
  await sendMail({ to: user.email, ...(await composeMail(template, { name: user.name, url }, locale)) });
}
