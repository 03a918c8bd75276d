import { Hono } from "hono";
import { isLocale } from "../../app/lib/locale.ts";
import { clientAddress } from "../http/client-address.ts";
import { ApiError } from "../http/errors.ts";
import { submitContactForm } from "../contact/contact.ts";

/** The spec's callable submitContactForm as a JSON endpoint: the form's fields in, `{"success": true}` out. */
export const contactApi = new Hono();

contactApi.post("/submitContactForm", async (c) => {
  const body: unknown = await c.req.json();
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ApiError(400, "Invalid JSON body");
  const locale = (body as { locale?: unknown }).locale;
  return c.json(
    await submitContactForm(body as Record<string, unknown>, {
      clientAddress: clientAddress(c),
      locale: isLocale(locale) ? locale : undefined,
    }),
  );
});
