import { data, redirect } from "react-router";
import type { Route } from "./+types/profile";
import type { AddressValues } from "~/features/account/address-fields";
import { ProfilePage, type ProfileResult } from "~/features/account/profile-page";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { PersonalPage, type SplicedPage } from "~/features/shell/personal-slot";
import { messagesFor } from "../../messages/messages.server.ts";
import { addressErrorMessages, addressInputFrom, type AddressErrors } from "../../domain/address.ts";
import { PASSWORD_MIN_LENGTH } from "../../domain/auth-rules.ts";
import { localeFromPath, localizePath } from "../../domain/locale.ts";
import { deleteAccount } from "../../server/accounts/privacy.ts";
import { changeEmail, changePassword, signOut } from "../../server/auth/accounts.ts";
import { requirePageUser } from "../../server/auth/session.ts";
import { DomainError } from "../../server/errors.ts";
import { errorText } from "../../server/http/error-text.ts";
import { ApiError } from "../../server/http/errors.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { addAddress, deleteAddress, setDefaultAddress, updateAddress } from "../../server/accounts/addresses.ts";
import { forgetProfile, profilePageData } from "../../server/accounts/profile-page.ts";
import { clientAddressContext } from "../../server/http/client-address.ts";
import { sharedPageContext } from "../../server/http/shared-pages.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "auth", (m) => m.auth.profileTitle);

export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.get(sharedPageContext)) return { personalSpliced: true } satisfies SplicedPage;
  return profilePageData(await requirePageUser(request));
}

const MAX_FORM_BYTES = 16 * 1024;

export async function action({ request, url, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requirePageUser(request);
  const m = messagesFor(localeFromPath(url.pathname));
  const a = m.account.addresses;
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES)
    return data<ProfileResult>({ intent: "", ok: false, message: a.fixErrors }, 400);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "").slice(0, 100);
  const fail = (message: string, status: number, extra: Partial<ProfileResult> = {}) =>
    data<ProfileResult>({ intent, ok: false, message, id, ...extra }, status);
  try {
    switch (intent) {
      case "address-add":
      case "address-edit": {
        const input = addressInputFrom(form);
        if (intent === "address-add") await addAddress(user.id, input, form.get("makeDefault") === "on");
        else await updateAddress(user.id, id, input);
        return { intent, ok: true, message: intent === "address-add" ? a.added : a.updated } satisfies ProfileResult;
      }
      case "address-delete":
        await deleteAddress(user.id, id);
        return { intent, ok: true, message: a.deleted } satisfies ProfileResult;
      case "address-default":
        await setDefaultAddress(user.id, id);
        return { intent, ok: true, message: a.defaultChanged } satisfies ProfileResult;
      case "change-password": {
        const current = String(form.get("currentPassword") ?? "");
        const next = String(form.get("newPassword") ?? "");
        if (!current || !next) return fail(m.auth.fillAllFields, 400);
        if (next.length < PASSWORD_MIN_LENGTH || next.length > 128) return fail(m.auth.passwordTooShort, 400);
        const result = await changePassword(request, context.get(clientAddressContext), current, next);
        if (!result.ok)
          return fail(
            result.failure === "unknown" ? m.auth.loginError : m.auth[result.failure],
            result.failure === "tooManyAttempts" ? 429 : 400,
          );
        return data<ProfileResult>(
          { intent, ok: true, message: m.account.security.passwordChanged },
          { headers: result.headers },
        );
      }
      case "change-email": {
        const email = String(form.get("newEmail") ?? "").trim();
        if (!email) return fail(m.auth.fillAllFields, 400);
        if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return fail(m.auth.invalidEmail, 400);
        const result = await changeEmail(request, context.get(clientAddressContext), email);
        if (!result.ok)
          return fail(
            result.failure === "unknown" ? m.auth.loginError : m.auth[result.failure],
            result.failure === "tooManyAttempts" ? 429 : 400,
          );
        const message = user.emailVerified
          ? m.account.security.emailChangeSent(email)
          : m.account.security.emailChanged(email);
        return data<ProfileResult>({ intent, ok: true, message }, { headers: result.headers });
      }
      case "delete-account": {
        // The same service as POST /api/account/delete; the sessions are gone, this clears the cookies.
        const locale = localeFromPath(url.pathname);
        await deleteAccount(user.id, form.get("email"));
        const signedOut = await signOut(request, context.get(clientAddressContext));
        return redirect(`${localizePath("/login", locale)}?accountDeleted=1`, {
          headers: signedOut.ok ? signedOut.headers : undefined,
        });
      }
      default:
        return fail(a.fixErrors, 400);
    }
  } catch (error) {
    if (error instanceof DomainError && error.code === "address.invalid") {
      const values = Object.fromEntries(
        Object.entries(addressInputFrom(form)).filter(([, v]) => v !== undefined),
      ) as AddressValues;
      return fail(a.fixErrors, error.status, {
        errors: addressErrorMessages((error.fields ?? {}) as AddressErrors, localeFromPath(url.pathname)),
        values,
      });
    }
    // address.not_found, address.too_many and the others: their message (the address book's words).
    if (error instanceof DomainError) return fail(errorText(error, localeFromPath(url.pathname)).message, error.status);
    if (error instanceof ApiError) return fail(error.message, error.status);
    throw error;
  } finally {
    // The page read after the answer shows what was just written, before the database's notice arrives.
    forgetProfile(user.id);
  }
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  // Read here too: the shared frame preloads what the spliced page part needs.
  useMessages("auth", "common", "account", "orders", "quote");
  return <PersonalPage data={loaderData}>{(page) => <ProfilePage page={page} />}</PersonalPage>;
}
