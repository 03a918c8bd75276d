import { LocalizedLink } from "../i18n/localized-link";
import { useLocalizedPath, useMessages } from "../i18n/use-locale";
import { ADDRESS_LIMITS } from "../../../domain/address.ts";
import { EMAIL_MAX_LENGTH } from "../../../domain/auth-rules.ts";
import { telHref } from "../../../domain/studio-identity.ts";

export type GuestValues = Partial<Record<"email" | "fullName" | "phone", string>>;

/**
 * Guest checkout's "Your details": the address the order's link goes to, a name and a phone.
 * `errors` are the server's words, keyed `guest.email` … like the fields' names. `unverified`: a
 * signed-in account whose address is not verified yet, which orders as a guest with it.
 */
export function GuestFields({
  values,
  errors,
  studio,
  unverified = false,
}: {
  values: GuestValues;
  errors: Record<string, string>;
  studio: { phone: string; email: string };
  unverified?: boolean;
}) {
  const m = useMessages("checkout", "account");
  const g = m.checkout.guest;
  const localize = useLocalizedPath();
  // Not useId: the checkout is also rendered on its own, to be spliced into a shared frame (decision 075).
  const id = "guest";
  const field = (name: keyof GuestValues, label: string, extra: React.InputHTMLAttributes<HTMLInputElement>) => {
    const inputId = `${id}-${name}`;
    const error = errors[`guest.${name}`];
    return (
      <div>
        <label htmlFor={inputId} className="field-label">
          {label}
        </label>
        <input
          id={inputId}
          name={`guest.${name}`}
          defaultValue={values[name] ?? ""}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={`field-input ${error ? "border-danger" : ""}`}
          {...extra}
        />
        {error && (
          <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="card space-y-4">
      <legend className="px-1 text-lg font-bold">{g.title}</legend>
      {unverified ? (
        <p>
          {g.unverified}{" "}
          <LocalizedLink to="/verify" className="font-semibold underline">
            {m.account.sendAgain}
          </LocalizedLink>
        </p>
      ) : (
        <>
          <p className="text-muted">{g.intro}</p>
          <p>
            {g.haveAccount}{" "}
            <LocalizedLink
              to={`/login?redirectTo=${encodeURIComponent(localize("/store/checkout"))}`}
              className="font-semibold underline"
            >
              {g.logIn}
            </LocalizedLink>
          </p>
        </>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          {field("email", g.email, { type: "email", autoComplete: "email", maxLength: EMAIL_MAX_LENGTH })}
        </div>
        {field("fullName", g.fullName, { autoComplete: "name", maxLength: ADDRESS_LIMITS.fullName })}
        {field("phone", g.phone, { type: "tel", autoComplete: "tel", maxLength: ADDRESS_LIMITS.phone })}
      </div>
      {(studio.phone || studio.email) && (
        <p className="text-sm text-muted">
          {g.reachStudio}{" "}
          {studio.phone && (
            <a href={telHref(studio.phone)} className="underline">
              {studio.phone}
            </a>
          )}
          {studio.phone && studio.email && " · "}
          {studio.email && (
            <a href={`mailto:${studio.email}`} className="underline">
              {studio.email}
            </a>
          )}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The guest's link to the order and its invoice, shown as soon as the order is placed. `joinsAccount`:
 * placed by an account whose address is not verified yet, which the order joins once it is.
 */
export function GuestOrderLink({ href, joinsAccount = false }: { href: string; joinsAccount?: boolean }) {
  const m = useMessages("checkout");
  const g = m.checkout.guest;
  return (
    <section className="card mt-6 space-y-2" aria-labelledby="guest-link-title" data-testid="guest-order-link">
      <h2 id="guest-link-title" className="text-xl font-bold">
        {g.linkTitle}
      </h2>
      <p>{g.linkText}</p>
      {joinsAccount && <p>{g.joinsAccount}</p>}
      <p className="break-all">
        <a href={href} className="font-semibold underline">
          {g.openOrder}
        </a>
      </p>
    </section>
  );
}
