import { z } from "zod";
import { isLocale, type Locale } from "./locale.ts";
import { isProvince, POSTAL_FIRST_LETTERS, PROVINCES, type Province } from "./provinces.ts";

/** A Canadian delivery address, checked the same way in the browser and on the server (decision 029). */
export const ADDRESS_LIMITS = { fullName: 100, line1: 100, line2: 100, city: 60, postalCode: 10, phone: 30 } as const;

export type AddressField = "fullName" | "line1" | "line2" | "city" | "province" | "postalCode" | "phone" | "country";
export type AddressFieldError =
  | "required"
  | "tooLong"
  | "invalidProvince"
  | "invalidPostalCode"
  | "postalCodeProvince"
  | "invalidPhone"
  | "notCanada";
export type AddressErrors = Partial<Record<AddressField, AddressFieldError>>;

/** Letters Canada Post never uses (D F I O Q U), and W and Z never first. */
const POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/;

/** "h2x3k8", "H2X-3K8", " h2x  3k8 " → "H2X 3K8"; anything else comes back trimmed and upper case. */
export function normalisePostalCode(value: string): string {
  const compact = value.toUpperCase().replace(/[\s-]+/g, "");
  return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : value.trim().toUpperCase();
}

const CANADA = ["CA", "CAN", "CANADA"];

const requiredText = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, { error: "tooLong" });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "tooLong" })
    .optional()
    .transform((value) => (value ? value : undefined));

export const addressSchema = z
  .object({
    fullName: requiredText(ADDRESS_LIMITS.fullName),
    line1: requiredText(ADDRESS_LIMITS.line1),
    line2: optionalText(ADDRESS_LIMITS.line2),
    city: requiredText(ADDRESS_LIMITS.city),
    province: z.enum(PROVINCES, {
      error: (issue) => (issue.input === undefined || issue.input === "" ? "required" : "invalidProvince"),
    }),
    postalCode: z
      .string({ error: "required" })
      .max(ADDRESS_LIMITS.postalCode + 10, { error: "tooLong" })
      .transform(normalisePostalCode)
      .pipe(z.string().min(1, { error: "required" }).regex(POSTAL_CODE, { error: "invalidPostalCode" })),
    phone: optionalText(ADDRESS_LIMITS.phone).pipe(
      z
        .string()
        .regex(/^[+()\d\s.-]*\d[+()\d\s.-]*$/, { error: "invalidPhone" })
        .optional(),
    ),
    country: z
      .string()
      .trim()
      .max(60, { error: "tooLong" })
      .optional()
      .refine((value) => !value || CANADA.includes(value.toUpperCase()), { error: "notCanada" })
      .transform(() => "CA" as const),
  })
  .superRefine((address, context) => {
    if (!POSTAL_FIRST_LETTERS[address.province].includes(address.postalCode[0]!)) {
      context.addIssue({ code: "custom", path: ["postalCode"], message: "postalCodeProvince" });
    }
  });

export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

export type AddressValidation = { ok: true; value: Address } | { ok: false; errors: AddressErrors };

const FIELDS: readonly AddressField[] = [
  "fullName",
  "line1",
  "line2",
  "city",
  "province",
  "postalCode",
  "phone",
  "country",
];

export function validateAddress(input: unknown): AddressValidation {
  const result = addressSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: AddressErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as AddressField;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = issue.message as AddressFieldError;
  }
  if (Object.keys(errors).length === 0) {
    return {
      ok: false,
      errors: {
        fullName: "required",
        line1: "required",
        city: "required",
        province: "required",
        postalCode: "required",
      },
    };
  }
  return { ok: false, errors };
}

/** Reads the address fields of a posted form (or JSON), each name optionally prefixed ("address." …). */
export function addressInputFrom(
  source: FormData | Record<string, unknown>,
  prefix = "",
): Record<string, string | undefined> {
  const get = (key: string): unknown =>
    source instanceof FormData ? (source.get(prefix + key) ?? undefined) : source[prefix + key];
  const input: Record<string, string | undefined> = {};
  for (const field of FIELDS) {
    const value = get(field);
    input[field] = typeof value === "string" ? value : undefined;
  }
  return input;
}

/** The words of each problem, in both languages. */
export const ADDRESS_ERROR_MESSAGES: Record<Locale, Record<AddressFieldError, string>> = {
  en: {
    required: "This field is required",
    tooLong: "This is too long",
    invalidProvince: "Choose a province or territory",
    invalidPostalCode: "Enter a Canadian postal code, like A1A 1A1",
    postalCodeProvince: "This postal code is not in the province chosen",
    invalidPhone: "Enter a phone number with digits only (spaces, +, - and brackets allowed)",
    notCanada: "We ship within Canada only. For delivery elsewhere, please contact us.",
  },
  fr: {
    required: "Ce champ est obligatoire",
    tooLong: "Ce texte est trop long",
    invalidProvince: "Choisissez une province ou un territoire",
    invalidPostalCode: "Entrez un code postal canadien, comme A1A 1A1",
    postalCodeProvince: "Ce code postal n’est pas dans la province choisie",
    invalidPhone: "Entrez un numéro de téléphone en chiffres (espaces, +, - et parenthèses permis)",
    notCanada: "Nous livrons au Canada seulement. Pour une livraison ailleurs, écrivez-nous.",
  },
};

export function addressErrorMessages(
  errors: AddressErrors,
  locale: Locale | string,
): Partial<Record<AddressField, string>> {
  const words = ADDRESS_ERROR_MESSAGES[isLocale(locale) ? locale : "en"];
  const messages: Partial<Record<AddressField, string>> = {};
  for (const [field, code] of Object.entries(errors) as [AddressField, AddressFieldError][])
    messages[field] = words[code];
  return messages;
}

/** The address as lines of a shipping label. */
export function addressLines(address: {
  fullName: string;
  line1: string;
  line2?: string | null;
  city: string;
  province: string;
  postalCode: string;
}): string[] {
  return [
    address.fullName,
    address.line1,
    address.line2,
    `${address.city} ${address.province}  ${address.postalCode}`,
    "CANADA",
  ].filter((line): line is string => Boolean(line));
}

export { isProvince, type Province };
