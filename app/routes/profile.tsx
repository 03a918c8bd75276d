import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/profile";
import { AddressFields, type AddressValues } from "~/features/account/address-fields";
import { PrivacySection } from "~/features/account/privacy-section";
import { Field } from "~/features/auth/field";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { OrderList } from "~/features/orders/order-parts";
import { messagesFor } from "../../messages/messages.server.ts";
import { addressErrorMessages, addressInputFrom, addressLines, type AddressErrors } from "../../domain/address.ts";
import { PASSWORD_MIN_LENGTH } from "../../domain/auth-rules.ts";
import { localeFromPath, localizePath } from "../../domain/locale.ts";
import { PROVINCE_NAMES } from "../../domain/provinces.ts";
import { deleteAccount } from "../../server/accounts/privacy.ts";
import { changeEmail, changePassword, signOut } from "../../server/auth/accounts.ts";
import { requirePageUser } from "../../server/auth/session.ts";
import { DomainError } from "../../server/errors.ts";
import { errorText } from "../../server/http/error-text.ts";
import { ApiError } from "../../server/http/errors.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import {
  addAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "../../server/accounts/addresses.ts";
import { listOrdersForUser } from "../../server/orders/queries.ts";
import { customPrintsOf } from "../../server/quotes/my-prints.ts";
import { CustomPrintList } from "~/features/quote/custom-print-list";
import { clientAddressContext } from "../../server/http/client-address.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "auth", (m) => m.auth.profileTitle);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePageUser(request);
  return {
    user,
    orders: await listOrdersForUser(user.id),
    customPrints: await customPrintsOf(user.id),
    addresses: await listAddresses(user.id),
  };
}

type ProfileResult = {
  intent: string;
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  values?: AddressValues;
  id?: string;
};

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
  }
}

function ResultNotice({ result, intents }: { result: ProfileResult | undefined; intents: string[] }) {
  if (!result || !intents.includes(result.intent)) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={result.ok ? "rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-success" : "alert-error"}
    >
      {result.message}
    </p>
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const m = useMessages("auth", "common", "account");
  const locale = useLocale();
  const { user, orders, addresses } = loaderData;
  const result = useActionData<typeof action>() as ProfileResult | undefined;
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const a = m.account.addresses;
  const s = m.account.security;
  // ?edit=<id> opens that address's form: it works without JavaScript.
  const editing = addresses.find(
    (address) =>
      address.id === (result && !result.ok && result.intent === "address-edit" ? result.id : params.get("edit")),
  );
  const failedHere = (intent: string) => (result && !result.ok && result.intent === intent ? result : undefined);
  const addFailure = failedHere("address-add");
  const editFailure = failedHere("address-edit");

  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">{m.auth.profileTitle}</h1>
      <dl className="card mt-8 grid gap-4 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">{m.auth.profileUsername}</dt>
        <dd>{user.username}</dd>
        <dt className="font-semibold">{m.auth.profileEmail}</dt>
        <dd className="flex flex-wrap items-center gap-3">
          {user.email}
          <span
            className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold ${user.emailVerified ? "bg-success/10 text-success" : "bg-warning/10 text-warning"}`}
          >
            {user.emailVerified ? m.account.verified : m.account.notVerified}
          </span>
          {!user.emailVerified && (
            <LocalizedLink to="/verify" className="text-sm font-semibold text-accent underline">
              {m.account.sendAgain}
            </LocalizedLink>
          )}
        </dd>
        {/* The spec's profile screen: "Shows e-mail and a role badge", for everyone signed in. */}
        <dt className="font-semibold">{m.auth.profileRole}</dt>
        <dd>
          <span className="inline-block rounded-full bg-accent px-3 py-1 text-sm font-semibold text-on-accent">
            {m.common.roles[user.role]}
          </span>
        </dd>
      </dl>

      <OrderList orders={orders} />

      <CustomPrintList prints={loaderData.customPrints} />

      <section aria-labelledby="addresses-heading" className="card mt-8 space-y-4">
        <h2 id="addresses-heading" className="text-2xl font-bold">
          {a.heading}
        </h2>
        <p className="text-muted">{a.intro}</p>
        <ResultNotice result={result} intents={["address-delete", "address-default"]} />
        {result?.ok && (result.intent === "address-add" || result.intent === "address-edit") && (
          <ResultNotice result={result} intents={[result.intent]} />
        )}
        {addresses.length === 0 ? (
          <p>{a.none}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {addresses.map((address) => (
              <li key={address.id} className="rounded-xl border border-border p-4">
                {address.isDefault && <p className="mb-2 text-sm font-bold text-accent">{a.default}</p>}
                <address className="whitespace-pre-line not-italic">
                  {addressLines(address).join("\n")}
                  {address.phone ? `\n${address.phone}` : ""}
                </address>
                <p className="sr-only">{PROVINCE_NAMES[locale][address.province]}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <LocalizedLink
                    to={`/profile?edit=${address.id}#address-form`}
                    className="btn btn-secondary px-3 py-1.5 text-sm"
                    aria-label={a.edit(address.fullName)}
                  >
                    {a.editShort}
                  </LocalizedLink>
                  {!address.isDefault && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="address-default" />
                      <input type="hidden" name="id" value={address.id} />
                      <button
                        type="submit"
                        className="btn btn-secondary px-3 py-1.5 text-sm"
                        aria-label={a.makeDefault(address.fullName)}
                        disabled={busy}
                      >
                        {a.setAsDefault}
                      </button>
                    </Form>
                  )}
                  <Form method="post">
                    <input type="hidden" name="intent" value="address-delete" />
                    <input type="hidden" name="id" value={address.id} />
                    <button
                      type="submit"
                      className="btn btn-secondary px-3 py-1.5 text-sm"
                      aria-label={a.delete(address.fullName)}
                      disabled={busy}
                    >
                      {a.deleteShort}
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}

        <Form
          method="post"
          id="address-form"
          className="space-y-4 border-t border-border pt-4"
          aria-labelledby="address-form-heading"
          key={`${editing?.id ?? "new"}:${JSON.stringify(addresses)}`}
        >
          <h3 id="address-form-heading" className="text-xl font-bold">
            {editing ? a.editHeading : a.add}
          </h3>
          {(editing ? editFailure : addFailure) && (
            <ResultNotice
              result={editing ? editFailure : addFailure}
              intents={[editing ? "address-edit" : "address-add"]}
            />
          )}
          <input type="hidden" name="intent" value={editing ? "address-edit" : "address-add"} />
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <AddressFields
            values={
              (editing ? editFailure?.values : addFailure?.values) ??
              (editing ? { ...editing, line2: editing.line2 ?? "", phone: editing.phone ?? "" } : {})
            }
            errors={(editing ? editFailure?.errors : addFailure?.errors) ?? {}}
          />
          {!editing && addresses.length > 0 && (
            <label className="flex items-center gap-2">
              <input type="checkbox" name="makeDefault" /> {a.setAsDefault}
            </label>
          )}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {a.save}
            </button>
            {editing && (
              <LocalizedLink to="/profile" className="btn btn-secondary">
                {a.cancel}
              </LocalizedLink>
            )}
          </div>
        </Form>
      </section>

      <section aria-labelledby="security-heading" className="card mt-8 space-y-6">
        <h2 id="security-heading" className="text-2xl font-bold">
          {s.heading}
        </h2>
        <Form method="post" className="space-y-4" aria-labelledby="password-heading">
          <h3 id="password-heading" className="text-xl font-bold">
            {s.changePassword}
          </h3>
          <ResultNotice result={result} intents={["change-password"]} />
          <input type="hidden" name="intent" value="change-password" />
          <Field
            label={s.currentPassword}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            maxLength={128}
            required
          />
          <Field
            label={m.account.newPassword}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            hint={m.auth.passwordHint}
            maxLength={128}
            required
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {s.save}
          </button>
        </Form>
        <Form method="post" className="space-y-4 border-t border-border pt-4" aria-labelledby="email-heading">
          <h3 id="email-heading" className="text-xl font-bold">
            {s.changeEmail}
          </h3>
          <ResultNotice result={result} intents={["change-email"]} />
          <input type="hidden" name="intent" value="change-email" />
          <Field label={s.newEmail} name="newEmail" type="email" autoComplete="email" maxLength={254} required />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {s.save}
          </button>
        </Form>
      </section>
      <PrivacySection
        email={user.email}
        error={result && !result.ok && result.intent === "delete-account" ? result.message : undefined}
      />
    </section>
  );
}
