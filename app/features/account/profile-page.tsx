import { Form, useActionData, useNavigation, useSearchParams } from "react-router";
import { AddressFields, type AddressValues } from "~/features/account/address-fields";
import { PrivacySection } from "~/features/account/privacy-section";
import { Field } from "~/features/auth/field";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { OrderList } from "~/features/orders/order-parts";
import { CustomPrintList } from "~/features/quote/custom-print-list";
import type { ComponentProps } from "react";
import { addressLines, type Address } from "../../../domain/address.ts";
import type { Role } from "../../../domain/auth-rules.ts";
import { PROVINCE_NAMES } from "../../../domain/provinces.ts";

/** What the profile's loader gives: the buyer as the session knows them, and their records. */
export type ProfilePageData = {
  user: { username: string; email: string; emailVerified: boolean; role: Role };
  orders: ComponentProps<typeof OrderList>["orders"];
  customPrints: ComponentProps<typeof CustomPrintList>["prints"];
  addresses: (Address & { id: string; isDefault: boolean })[];
  /** The orders with messages from the studio the buyer has not read. */
  unreadOrders: string[];
};

/** What the profile's action answers: which form it was, and its outcome in the page's language. */
export type ProfileResult = {
  intent: string;
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  values?: AddressValues;
  id?: string;
};

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

export function ProfilePage({ page }: { page: ProfilePageData }) {
  const m = useMessages("auth", "common", "account");
  const locale = useLocale();
  const { user, orders, addresses } = page;
  const result = useActionData() as ProfileResult | undefined;
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

      <OrderList orders={orders} unread={page.unreadOrders} />

      <CustomPrintList prints={page.customPrints} />

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
