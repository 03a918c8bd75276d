import { and, eq, gt, isNull } from "drizzle-orm";
import { MESSAGE_MAX_CHARS, type MessageKind } from "../../domain/conversations.ts";
import { getDb } from "../db/index.ts";
import { conversationMessages } from "../db/schema.ts";
import type { Executor } from "../db/transaction.ts";
import { DomainError } from "../errors.ts";
import { ApiError } from "../http/errors.ts";
import { createRateLimiter } from "../http/rate-limit.ts";
import { recordStudioEvent } from "../notices/events.ts";
import { mailConversationsLater } from "./mail.ts";
import type { Party } from "./access.ts";

/** Each sender (an order's buyer, a staff member) may send this many messages in ten minutes. */
export const MESSAGES_PER_WINDOW = 20;
const senderLimit = createRateLimiter({ max: MESSAGES_PER_WINDOW, windowMs: 10 * 60_000 });

/**
 * Messages the buyer writes within this time of an unread one are the same burst: the studio gets
 * one notice (and one e-mail) for it, not one per message.
 */
export const BURST_MS = 15 * 60_000;

/** The message's text as kept: trimmed, at most MESSAGE_MAX_CHARS characters, and not empty unless `mayBeEmpty`. */
export function messageBody(input: unknown, mayBeEmpty = false): string {
  const body = typeof input === "string" ? input.replace(/\r\n?/g, "\n").trim() : "";
  if (body === "" && !mayBeEmpty) throw new DomainError("conversation.empty", { field: "body" });
  if ([...body].length > MESSAGE_MAX_CHARS) throw new DomainError("conversation.too_long", { field: "body" });
  return body;
}

/**
 * Adds a message to the order's conversation from `party` (already checked to be in it:
 * access.ts). A buyer's message that starts a burst is a studio notice (Notices, and the studio's
 * e-mail when that notice is on); a studio message is e-mailed to the buyer with the others of
 * its burst (mail.ts).
 */
export async function postMessage(orderId: string, party: Party, input: unknown): Promise<{ id: number }> {
  const body = messageBody(input);
  await countSender(orderId, party);
  const db = await getDb();
  const id = await db.transaction((tx) => addMessage(tx, orderId, party, "message", body));
  afterMessage(party);
  return { id };
}

/** Counts one message against its sender's allowance: refused as `conversation.too_many` past it. */
export async function countSender(orderId: string, party: Party): Promise<void> {
  const sender = party.side === "studio" ? `staff:${party.staffUserId}` : `buyer:${orderId}`;
  try {
    await senderLimit.consume(sender, "conversation");
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) throw new DomainError("conversation.too_many");
    throw error;
  }
}

/** Writes the message in the caller's transaction, with the studio's notice when a buyer's burst starts. */
export async function addMessage(
  tx: Executor,
  orderId: string,
  party: Party,
  kind: MessageKind,
  body: string,
): Promise<number> {
  const [recent] = await tx
    .select({ id: conversationMessages.id })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.orderId, orderId),
        eq(conversationMessages.author, party.side),
        isNull(conversationMessages.readAt),
        gt(conversationMessages.createdAt, new Date(Date.now() - BURST_MS)),
      ),
    )
    .limit(1);
  const [row] = await tx
    .insert(conversationMessages)
    .values({
      orderId,
      author: party.side,
      staffUserId: party.side === "studio" ? party.staffUserId : null,
      kind,
      body,
    })
    .returning({ id: conversationMessages.id });
  if (party.side === "buyer" && !recent) await recordStudioEvent(tx, { kind: "buyer_message", orderId });
  return row!.id;
}

/** Once the message is committed: the studio's go out by e-mail after their burst. */
export function afterMessage(party: Party): void {
  if (party.side === "studio") mailConversationsLater();
}
