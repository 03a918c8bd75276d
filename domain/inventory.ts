import { z } from "zod";
import { recordIdSchema } from "./record-id.ts";
import { SLUG_MAX, SLUG_PATTERN } from "./slug.ts";

/**
 * The rules of the admin's catalogue forms, shared by the browser (the form checks before sending)
 * and the server (which checks again and has the last word). Every problem is reported per field
 * as a key of `admin.validation` in the i18n catalogues, so each side can say it in the admin's
 * language.
 */

export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 4000;
export const MAX_PRICE_CENTS = 10_000_000_00; // ten million dollars: well inside a 32-bit integer
export const MAX_STOCK = 1_000_000;
export const MAX_GALLERY = 12;
/** Spec: stock under 5 shows low-stock styling. */
export const LOW_STOCK = 5;

export type ValidationKey =
  | "required"
  | "tooLong"
  | "slugFormat"
  | "slugTaken"
  | "priceInvalid"
  | "priceTooHigh"
  | "stockInvalid"
  | "sizeInvalid"
  | "categoryRequired"
  | "categoryMissing"
  | "pictureRequired"
  | "pictureInvalid"
  | "tooManyPictures"
  | "versionRequired"
  | "invalid";

/** Field path ("translations.en.name", "price"…) → what is wrong with it. */
export type FieldErrors = Record<string, ValidationKey>;

/**
 * A price typed in dollars ("24", "24.5", "24,50", "$ 1 299.99" or a number) → integer cents, or
 * null when it is not a non-negative amount with at most two decimals.
 */
export function parseDollars(value: unknown): number | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    const cents = Math.round(value * 100);
    return Math.abs(cents - value * 100) < 1e-6 ? cents : null;
  }
  if (typeof value !== "string") return null;
  const text = value.replace(/[\s\u00a0\u202f$]/g, "");
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number.parseInt(match[1], 10);
  const fraction = match[2] ? Number.parseInt(match[2].padEnd(2, "0"), 10) : 0;
  return whole * 100 + fraction;
}

/** Cents → the text of a price field ("24.50"). */
export function centsToDollarText(cents: number): string {
  return (cents / 100).toFixed(2);
}

const required = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, { error: "tooLong" });
const optionalText = (max: number) => z.string({ error: "invalid" }).trim().max(max, { error: "tooLong" }).optional();

export const translationsSchema = z.object(
  {
    en: z.object(
      { name: required(NAME_MAX), description: optionalText(DESCRIPTION_MAX).default("") },
      { error: "required" },
    ),
    fr: z
      .object({ name: optionalText(NAME_MAX), description: optionalText(DESCRIPTION_MAX) }, { error: "invalid" })
      .optional(),
  },
  { error: "required" },
);

/** Empty slug: the server derives one from the English name. */
export const slugSchema = z
  .string({ error: "slugFormat" })
  .trim()
  .max(SLUG_MAX, { error: "tooLong" })
  .refine((slug) => slug === "" || SLUG_PATTERN.test(slug), { error: "slugFormat" });

export const priceSchema = z.union([z.number(), z.string()], { error: "priceInvalid" }).transform((value, ctx) => {
  const cents = parseDollars(value);
  if (cents === null) {
    ctx.addIssue({ code: "custom", message: "priceInvalid" });
    return z.NEVER;
  }
  if (cents > MAX_PRICE_CENTS) {
    ctx.addIssue({ code: "custom", message: "priceTooHigh" });
    return z.NEVER;
  }
  return cents;
});

export const stockSchema = z.union([z.number(), z.string()], { error: "stockInvalid" }).transform((value, ctx) => {
  const text = typeof value === "number" ? String(value) : value.trim();
  if (!/^\d+$/.test(text) || Number(text) > MAX_STOCK) {
    ctx.addIssue({ code: "custom", message: "stockInvalid" });
    return z.NEVER;
  }
  return Number(text);
});

/** A parcel side longer than 3 m is no parcel. */
export const MAX_SIDE_MM = 3000;

/** One side of the packed item in whole millimetres, 1 to 3 m. */
export const sideSchema = z.union([z.number(), z.string()], { error: "sizeInvalid" }).transform((value, ctx) => {
  const text = typeof value === "number" ? String(value) : value.trim();
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_SIDE_MM) {
    ctx.addIssue({ code: "custom", message: "sizeInvalid" });
    return z.NEVER;
  }
  return Number(text);
});

/** Pictures are this site's own files: uploaded ones under /media, the sample ones under /images. */
export const PICTURE_PATTERN = /^\/(media|images)(\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/;
const picture = z
  .string({ error: "pictureInvalid" })
  .max(300, { error: "pictureInvalid" })
  .regex(PICTURE_PATTERN, { error: "pictureInvalid" });

export const imagesSchema = z.object(
  {
    main: z
      .string({ error: "pictureRequired" })
      .min(1, { error: "pictureRequired" })
      .max(300, { error: "pictureInvalid" })
      .regex(PICTURE_PATTERN, { error: "pictureInvalid" }),
    gallery: z.array(picture, { error: "pictureInvalid" }).max(MAX_GALLERY, { error: "tooManyPictures" }).default([]),
  },
  { error: "pictureRequired" },
);

export const itemFields = {
  translations: translationsSchema,
  categoryId: z
    .string({ error: "categoryRequired" })
    .trim()
    .min(1, { error: "categoryRequired" })
    .max(100, { error: "categoryMissing" }),
  price: priceSchema,
  stock: stockSchema,
  // Packed, per unit; 0 or absent: not weighed, and checkout will not ship it.
  weightGrams: stockSchema.optional(),
  // Packed, per unit, in millimetres; absent: not measured.
  lengthMm: sideSchema.optional(),
  widthMm: sideSchema.optional(),
  heightMm: sideSchema.optional(),
  images: imagesSchema,
  isVisible: z.boolean({ error: "invalid" }),
  slug: slugSchema,
};

/** A new item. Visibility defaults to on, the slug to one derived from the English name. */
export const newItemSchema = z.object({
  ...itemFields,
  isVisible: itemFields.isVisible.default(true),
  slug: slugSchema.default(""),
});

/**
 * The `updates` of update-inventory: any subset of the fields (unknown ones, like updatedAt, are
 * ignored). `stockSeen` is the shelf count the admin changed `stock` from: the write applies only
 * if it is still that (a sale in between would otherwise be undone).
 */
export const itemUpdatesSchema = z.object(itemFields).partial().extend({ stockSeen: stockSchema.optional() });

/**
 * The admin's item form as the browser posts it (Conform reads the fields into this shape): an
 * unticked box is absent, so not visible; an edit says which version and shelf count it showed.
 */
export const itemFormSchema = z.object({
  ...itemFields,
  isVisible: itemFields.isVisible.default(false),
  slug: slugSchema.default(""),
  version: recordIdSchema("versionRequired").optional(),
  stockSeen: stockSchema.optional(),
});

export const categorySchema = z.object({ translations: translationsSchema, slug: slugSchema.default("") });

export type NewItem = z.output<typeof newItemSchema>;
export type ItemUpdates = z.output<typeof itemUpdatesSchema>;
export type CategoryInput = z.output<typeof categorySchema>;

export type Checked<T> = { ok: true; value: T } | { ok: false; fields: FieldErrors };

const KEYS = new Set<string>([
  "required",
  "tooLong",
  "slugFormat",
  "slugTaken",
  "priceInvalid",
  "priceTooHigh",
  "stockInvalid",
  "sizeInvalid",
  "categoryRequired",
  "categoryMissing",
  "pictureRequired",
  "pictureInvalid",
  "tooManyPictures",
  "versionRequired",
  "invalid",
]);

/** Runs a schema and gives the first problem of each field, by field path. */
export function check<S extends z.ZodType>(schema: S, input: unknown): Checked<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".") || "form";
    const field = path.startsWith("images.gallery") ? "images.gallery" : path;
    if (fields[field]) continue;
    fields[field] = (KEYS.has(issue.message) ? issue.message : "invalid") as ValidationKey;
  }
  return { ok: false, fields };
}

/** Keeps French only where it was typed: an empty French text falls back to English when shown. */
export function cleanTranslations(input: z.output<typeof translationsSchema>) {
  const fr: { name?: string; description?: string } = {};
  if (input.fr?.name) fr.name = input.fr.name;
  if (input.fr?.description) fr.description = input.fr.description;
  return {
    en: { name: input.en.name, description: input.en.description ?? "" },
    ...(Object.keys(fr).length ? { fr } : {}),
  };
}
