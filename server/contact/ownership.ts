import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { tables } from "../db/index.ts";

const { contactMessages } = tables;

type Person = { id: string; email: string; emailVerified: boolean };

/**
 * The contact messages that are this person's: those sent while signed in to the account, and those
 * sent without an account from its address once the account has proved that address. An address
 * typed into a public form proves nothing, so an unverified account never matches by it.
 */
export function messagesOf(person: Person): SQL {
  const sentSignedIn = eq(contactMessages.userId, person.id);
  if (!person.emailVerified) return sentSignedIn;
  const sentFromItsAddress = and(
    isNull(contactMessages.userId),
    sql`lower(${contactMessages.email}) = lower(${person.email})`,
  )!;
  return or(sentSignedIn, sentFromItsAddress)!;
}

/** A newsletter consent is the person's only when they ticked it themselves, signed in. */
export function isOwnConsent(message: { userId: string | null; newsletter: boolean }, personId: string): boolean {
  return message.newsletter && message.userId === personId;
}
