import { Hono } from "hono";
import { contactInputFrom } from "../../domain/contact.ts";
import { isLocale } from "../../domain/locale.ts";
import { DomainError } from "../errors.ts";
import { refusal } from "../http/errors.ts";
import { jsonBody } from "../http/json-body.ts";
import { clientAddress } from "../http/client-address.ts";
import { submitContactForm } from "../contact/contact.ts";
import { getSessionUser } from "../auth/session.ts";

/** The spec's callable submitContactForm as a JSON endpoint: the form's fields in, `{"success": true}` out. */
export const contactApi = new Hono();

contactApi.post("/submitContactForm", async (c) => {
  const body = await jsonBody(c);
  const locale = isLocale(body.locale) ? body.locale : undefined;
  try {
    const sender = await getSessionUser(c.req.raw.headers);
    const { success } = await submitContactForm(contactInputFrom(body), {
      clientAddress: clientAddress(c),
      locale,
      senderUserId: sender?.id,
    });
    return c.json({ success });
  } catch (error) {
    // In the form's own language, sent with it.
    if (error instanceof DomainError && locale) return refusal(c, error, locale);
    throw error;
  }
});
