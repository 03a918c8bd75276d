import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { ADDRESS_LIMITS, type AddressField } from "../../../domain/address.ts";
import { PROVINCE_NAMES, PROVINCES } from "../../../domain/provinces.ts";

export type AddressValues = Partial<
  Record<"fullName" | "line1" | "line2" | "city" | "province" | "postalCode" | "phone", string>
>;

/**
 * The Canadian address form's fields (decision 029), for the profile and the checkout: labels,
 * order and messages in the page's language; `errors` are the server's words per field.
 */
export function AddressFields({
  values = {},
  errors = {},
  prefix = "",
  required = true,
}: {
  values?: AddressValues;
  errors?: Partial<Record<AddressField, string>>;
  prefix?: string;
  /** False where the fields may be hidden (the checkout's pickup): the server still requires them. */
  required?: boolean;
}) {
  const m = useMessages("account");
  const a = m.account.address;
  const locale = useLocale();
  // Not useId: the profile and the checkout are also rendered on their own, to be spliced (decision 075).
  const id = `${prefix}address`;
  const field = (
    name: Exclude<AddressField, "country" | "province">,
    label: string,
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
    hint?: string,
  ) => {
    const inputId = `${id}-${name}`;
    const error = errors[name];
    const described =
      [error ? `${inputId}-error` : "", hint ? `${inputId}-hint` : ""].filter(Boolean).join(" ") || undefined;
    return (
      <div>
        <label htmlFor={inputId} className="field-label">
          {label}
        </label>
        <input
          id={inputId}
          name={prefix + name}
          defaultValue={values[name] ?? ""}
          maxLength={ADDRESS_LIMITS[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={`field-input ${error ? "border-danger" : ""}`}
          {...extra}
        />
        {error && (
          <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        )}
        {hint && (
          <p id={`${inputId}-hint`} className="mt-1 text-sm text-muted">
            {hint}
          </p>
        )}
      </div>
    );
  };
  const provinceId = `${id}-province`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">{field("fullName", a.fullName, { autoComplete: "name", required })}</div>
      <div className="sm:col-span-2">{field("line1", a.line1, { autoComplete: "address-line1", required })}</div>
      <div className="sm:col-span-2">{field("line2", a.line2, { autoComplete: "address-line2" })}</div>
      {field("city", a.city, { autoComplete: "address-level2", required })}
      <div>
        <label htmlFor={provinceId} className="field-label">
          {a.province}
        </label>
        <select
          id={provinceId}
          name={`${prefix}province`}
          defaultValue={values.province ?? ""}
          autoComplete="address-level1"
          required={required}
          aria-invalid={errors.province ? true : undefined}
          aria-describedby={errors.province ? `${provinceId}-error` : undefined}
          className={`field-input ${errors.province ? "border-danger" : ""}`}
        >
          <option value="">{a.chooseProvince}</option>
          {PROVINCES.map((code) => (
            <option key={code} value={code}>
              {PROVINCE_NAMES[locale][code]}
            </option>
          ))}
        </select>
        {errors.province && (
          <p id={`${provinceId}-error`} className="mt-1 text-sm font-medium text-danger">
            {errors.province}
          </p>
        )}
      </div>
      {field(
        "postalCode",
        a.postalCode,
        { autoComplete: "postal-code", required, autoCapitalize: "characters", maxLength: 10 },
        a.postalCodeHint,
      )}
      {field("phone", a.phone, { autoComplete: "tel", type: "tel" })}
      <div className="sm:col-span-2">
        <p className="field-label">{a.country}</p>
        <p>{a.canada}</p>
        <input type="hidden" name={`${prefix}country`} value="CA" />
        {errors.country && (
          <p role="alert" className="mt-1 text-sm font-medium text-danger">
            {errors.country}
          </p>
        )}
      </div>
    </div>
  );
}
