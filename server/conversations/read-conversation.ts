import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { ConversationMessageView } from "../../domain/conversations.ts";
import { getDb } from "../db/index.ts";
import { conversationMessages, user } from "../db/schema.ts";
import type { Party } from "./access.ts";

/**
 * The order's conversation as `party` sees it, oldest first: the staff member's name only for the
 * studio. Reading it marks the other side's messages read (they leave the unread counts).
 */
export async function readConversation(orderId: string, party: Party): Promise<ConversationMessageView[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: conversationMessages.id,
      author: conversationMessages.author,
      kind: conversationMessages.kind,
      body: conversationMessages.body,
      createdAt: conversationMessages.createdAt,
      staffName: user.username,
    })
    .from(conversationMessages)
    .leftJoin(user, eq(user.id, conversationMessages.staffUserId))
    .where(eq(conversationMessages.orderId, orderId))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
  await db
    .update(conversationMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(conversationMessages.orderId, orderId),
        ne(conversationMessages.author, party.side),
        isNull(conversationMessages.readAt),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    author: row.author,
    kind: row.kind,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    staffName: party.side === "studio" && row.author === "studio" ? (row.staffName ?? null) : null,
  }));
}
