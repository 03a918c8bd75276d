import { randomUUID } from "node:crypto";
import { type ContactSubmission, validateContact, type ContactForm } from "../../domain/contact.ts";
import { HONEYPOT_FIELD, type ContactErrors } from "../../domain/contact-fields.ts";
import type { Locale } from "../../domain/locale.ts";
import { messagesFor } from "../../messages/messages.server.ts";
import { eq } from "drizzle-orm";
import { getDb, tables } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { createRateLimiter } from "../http/rate-limit.ts";
import { sendMail } from "../mail/mailer.ts";
import { composeMail } from "../mail/emails/compose.ts";
import { contactMessageEmail, contactReceivedEmail } from "../mail/emails/templates.ts";
import { mayMailRecipient } from "../mail/recipient-limit.ts";
import { getStudioIdentity } from "../settings/studio-identity.ts";
import { log } from "../log.ts";

/** A person writes a handful of messages an hour at most; a script that posts in a loop is stopped. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };
export const contactLimiter = createRateLimiter(CONTACT_RATE_LIMIT);

/** `copyTo`: the verified address a copy was sent to, or null (the page then shows the message to keep). */
export type SubmitResult = { success: true; copyTo: string | null };

/** The field problems in the page's language, for the API's `fields` and the form. */
export function contactErrorMessages(errors: ContactErrors, locale: Locale): Record<string, string> {
  const m = messagesFor(locale).contact.errors;
  return Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, m[code]]));
}

/**
 * The spec's submitContactForm. The message is stored before anything else can fail, then e-mailed
 * to the studio through the outbox (sent now when SMTP is configured, retried when it fails).
 * A copy goes only to the verified address of the signed-in account that sent it: the typed
 * address is nobody's proof, and mailing it would let a stranger send the studio's mail, with
 * their words, to anyone (the page shows everyone else what they sent).
 * A filled honeypot gets the same answer as a person, and nothing is kept. A message sent signed in
 * belongs to that account (`senderUserId`), whatever address was typed.
 */
export async function submitContactForm(
  input: ContactSubmission,
  context: { clientAddress: string; locale?: Locale; senderUserId?: string | null },
): Promise<SubmitResult> {
  const locale = context.locale ?? input.locale ?? "en";
  if (input[HONEYPOT_FIELD]?.trim()) {
    await contactLimiter.consume(context.clientAddress, "contact");
    return { success: true, copyTo: null };
  }
  const checked = validateContact(input);
  if (!checked.ok) {
    throw new DomainError("contact.invalid", { fields: checked.errors as Record<string, string> });
  }
  // Counted once the form is complete, so that a person correcting mistakes is never locked out.
  await contactLimiter.consume(context.clientAddress, "contact");
  const id = await storeMessage(checked.value, locale, context.senderUserId ?? null);
  try {
    const form = checked.value;
    const data = {
      name: form.name,
      email: form.email,
      phone: form.phone ?? null,
      projectType: messagesFor("en").contact.projectTypes[form.projectType],
      newsletter: form.newsletter,
      language: locale,
      message: form.message,
    };
    await sendMail({
      to: (await getStudioIdentity()).email,
      replyTo: form.email,
      contactMessageId: id,
      // Written for the studio, in English whatever the visitor's language (which the e-mail states).
      ...(await composeMail(contactMessageEmail, data, "en")),
    });
    const copyTo = await verifiedAddressOf(context.senderUserId ?? null);
    if (copyTo && (await mayMailRecipient("contact-received", copyTo))) {
      await sendMail({
        to: copyTo,
        contactMessageId: id,
        ...(await composeMail(contactReceivedEmail, { name: form.name, message: form.message }, locale)),
      });
      return { success: true, copyTo };
    }
  } catch (error) {
    // The message is stored: the studio sees it in the admin area even if the e-mail never leaves.
    log().error({ err: error }, "Could not queue the contact e-mail");
  }
  return { success: true, copyTo: null };
}

async function verifiedAddressOf(userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [user] = await (
    await getDb()
  )
    .select({ email: tables.user.email, verified: tables.user.emailVerified })
    .from(tables.user)
    .where(eq(tables.user.id, userId));
  return user?.verified ? user.email : null;
}

async function storeMessage(form: ContactForm, locale: Locale, userId: string | null): Promise<string> {
  const id = randomUUID();
  const db = await getDb();
  await db.insert(tables.contactMessages).values({
    id,
    userId,
    name: form.name,
    email: form.email,
    phone: form.phone ?? null,
    projectType: form.projectType,
    message: form.message,
    newsletter: form.newsletter,
    // The consent as given: when, and the words the person ticked, in the language they saw.
    newsletterConsentAt: form.newsletter ? new Date() : null,
    newsletterConsentText: form.newsletter ? messagesFor(locale).contact.fields.newsletter : null,
    locale,
  });
  return id;
}
