import { z } from "zod";
import { ADDRESS_LIMITS } from "./address.ts";
import { EMAIL_MAX_LENGTH } from "./auth-rules.ts";

/** Who a guest is: where the order's link goes, and whom the studio calls about it. */
export type GuestField = "email" | "fullName" | "phone";
export type GuestFieldError = "required" | "tooLong" | "invalidEmail" | "invalidPhone";
export type GuestDetails = { email: string; fullName: string; phone: string };
/** Whom the studio writes to and calls about an order: a guest's details, or an account's (phone optional). */
export type ContactDetails = { email: string; fullName: string; phone: string | null };

const required = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, { error: "tooLong" });

const guestSchema = z.object({
  email: required(EMAIL_MAX_LENGTH).pipe(z.email({ error: "invalidEmail" })),
  fullName: required(ADDRESS_LIMITS.fullName),
  phone: required(ADDRESS_LIMITS.phone).pipe(z.string().regex(/^[+()\d\s.-]*\d[+()\d\s.-]*$/, "invalidPhone")),
});

export type GuestValidation =
  { ok: true; value: GuestDetails } | { ok: false; errors: Partial<Record<GuestField, GuestFieldError>> };

export function validateGuest(input: unknown): GuestValidation {
  const result = guestSchema.safeParse(input ?? {});
  if (result.success) return { ok: true, value: { ...result.data, email: result.data.email.toLowerCase() } };
  const errors: Partial<Record<GuestField, GuestFieldError>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as GuestField;
    errors[field] ??= issue.message as GuestFieldError;
  }
  return { ok: false, errors };
}
