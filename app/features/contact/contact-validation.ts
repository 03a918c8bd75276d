import { parseWithZod } from "@conform-to/zod/v4";
import { contactSchema } from "../../../domain/contact.ts";

/**
 * The contact form checked with its schema, as Conform reports it: the route's action runs it on
 * the server, the form downloads it (with zod) when the visitor starts on the form.
 */
export function validateContactForm(formData: FormData) {
  return parseWithZod(formData, { schema: contactSchema });
}
