import { asc, eq } from "drizzle-orm";
import { getDb, tables } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { isOwnConsent, messagesOf } from "../contact/ownership.ts";
import { customPrintRecord, orderRecords } from "../orders/order-records.ts";

const {
  user,
  session,
  account: signInMethods,
  addresses,
  orders,
  orderEvents,
  refunds,
  quotes,
  quoteFiles,
  carts,
  cartLines,
  contactMessages,
  conversationMessages,
  firstStepsDone,
  studioEventReads,
  quotePriceTerms,
  taxRates,
  settingsChanges,
  customerEvents,
} = tables;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * Everything the site keeps about a person, as one JSON document (Law 25's right of access):
 * every table with a column pointing to the account has its section here, and
 * server/accounts/data-export.test.ts fails when a table added later is not exported.
 * Secrets are left out (password hashes, session tokens, OAuth tokens).
 */
export async function exportAccountData(userId: string) {
  const db = await getDb();
  const [person] = await db.select().from(user).where(eq(user.id, userId));
  if (!person) throw new DomainError("account.not_found");

  const methods = await db
    .select()
    .from(signInMethods)
    .where(eq(signInMethods.userId, userId))
    .orderBy(asc(signInMethods.createdAt));
  const sessions = await db.select().from(session).where(eq(session.userId, userId)).orderBy(asc(session.createdAt));
  const book = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt));

  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const orderList = await orderRecords(db, orderRows);

  const quoteRows = await db
    .select()
    .from(quotes)
    .innerJoin(quoteFiles, eq(quotes.fileId, quoteFiles.id))
    .where(eq(quotes.userId, userId))
    .orderBy(asc(quotes.createdAt));
  const [cart] = await db.select().from(carts).where(eq(carts.userId, userId));
  const cartContents = cart
    ? await db.select().from(cartLines).where(eq(cartLines.cartId, cart.id)).orderBy(asc(cartLines.id))
    : [];
  const messages = await db
    .select()
    .from(contactMessages)
    .where(messagesOf(person))
    .orderBy(asc(contactMessages.createdAt));

  // What the person did as the studio's staff: their name is on these records.
  const staffEvents = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.actorUserId, userId))
    .orderBy(asc(orderEvents.id));
  const staffRefunds = await db.select().from(refunds).where(eq(refunds.actorUserId, userId)).orderBy(asc(refunds.id));
  const staffTerms = await db
    .select()
    .from(quotePriceTerms)
    .where(eq(quotePriceTerms.createdBy, userId))
    .orderBy(asc(quotePriceTerms.version));
  const staffRates = await db.select().from(taxRates).where(eq(taxRates.createdBy, userId)).orderBy(asc(taxRates.id));
  const staffSettings = await db
    .select()
    .from(settingsChanges)
    .where(eq(settingsChanges.actorUserId, userId))
    .orderBy(asc(settingsChanges.id));
  const onAccount = await db
    .select()
    .from(customerEvents)
    .where(eq(customerEvents.userId, userId))
    .orderBy(asc(customerEvents.id));
  const staffCustomerEvents = await db
    .select()
    .from(customerEvents)
    .where(eq(customerEvents.actorUserId, userId))
    .orderBy(asc(customerEvents.id));
  const staffMessages = await db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.staffUserId, userId))
    .orderBy(asc(conversationMessages.id));
  const noticesRead = await db.select().from(studioEventReads).where(eq(studioEventReads.userId, userId));
  const stepsDone = await db.select().from(firstStepsDone).where(eq(firstStepsDone.doneBy, userId));

  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: person.id,
      username: person.username,
      email: person.email,
      emailVerified: person.emailVerified,
      role: person.role,
      createdAt: person.createdAt.toISOString(),
      updatedAt: person.updatedAt.toISOString(),
    },
    signInMethods: methods.map((m) => ({
      provider: m.providerId,
      accountId: m.accountId,
      createdAt: iso(m.createdAt),
      updatedAt: iso(m.updatedAt),
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
    addresses: book.map((a) => ({
      id: a.id,
      fullName: a.fullName,
      line1: a.line1,
      line2: a.line2,
      city: a.city,
      province: a.province,
      postalCode: a.postalCode,
      phone: a.phone,
      isDefault: a.isDefault,
      createdAt: iso(a.createdAt),
      updatedAt: iso(a.updatedAt),
    })),
    orders: orderList,
    quotes: quoteRows.map(({ quotes: q, quote_files: file }) => {
      const part = customPrintRecord(q, file);
      return { ...part, file: { ...part.file, link: `/api/quotes/${q.id}/file` } };
    }),
    cart: cart
      ? {
          id: cart.id,
          updatedAt: iso(cart.updatedAt),
          lines: cartContents.map((l) => ({
            kind: l.kind,
            itemId: l.itemId,
            quoteId: l.quoteId,
            quantity: l.quantity,
          })),
        }
      : null,
    contactMessages: messages.map((message) => ({
      name: message.name,
      email: message.email,
      phone: message.phone,
      projectType: message.projectType,
      message: message.message,
      newsletter: message.newsletter,
      newsletterConsentAt: iso(message.newsletterConsentAt),
      newsletterConsentText: message.newsletterConsentText,
      locale: message.locale,
      sentAt: iso(message.createdAt),
    })),
    // Consents with the date each was given and the words the person saw.
    consents: messages
      .filter((message) => isOwnConsent(message, person.id))
      .map((message) => ({
        kind: "newsletter",
        givenAt: iso(message.newsletterConsentAt),
        text: message.newsletterConsentText,
      })),
    // What the studio did to the account (for example, marked its e-mail verified by hand).
    accountEvents: onAccount.map((e) => ({ kind: e.kind, at: iso(e.createdAt) })),
    asStaff: {
      noticesRead: noticesRead.map((r) => ({ eventId: r.eventId, at: iso(r.readAt) })),
      firstStepsDone: stepsDone.map((d) => ({ step: d.step, at: iso(d.doneAt) })),
      customerEvents: staffCustomerEvents.map((e) => ({ kind: e.kind, customerId: e.userId, at: iso(e.createdAt) })),
      orderEvents: staffEvents.map((e) => ({
        orderId: e.orderId,
        status: e.status,
        reason: e.reason,
        detail: e.detail,
        at: iso(e.createdAt),
      })),
      refunds: staffRefunds.map((r) => ({
        id: r.id,
        orderId: r.orderId,
        amountCents: r.amountCents,
        reason: r.reason,
        at: iso(r.createdAt),
      })),
      quotePriceTerms: staffTerms.map((t) => ({ version: t.version, at: iso(t.createdAt) })),
      taxRates: staffRates.map((r) => ({
        id: r.id,
        jurisdiction: r.jurisdiction,
        code: r.code,
        ratePpm: r.ratePpm,
        effectiveFrom: r.effectiveFrom,
        at: iso(r.createdAt),
      })),
      // The messages they wrote as the studio on buyers' orders.
      conversationMessages: staffMessages.map((message) => ({
        orderId: message.orderId,
        body: message.body,
        at: iso(message.createdAt),
      })),
      settingsChanges: staffSettings.map((s) => ({ id: s.id, area: s.area, change: s.change, at: iso(s.createdAt) })),
    },
  };
}

export type AccountData = Awaited<ReturnType<typeof exportAccountData>>;
