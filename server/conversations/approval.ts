import { getDb } from "../db/index.ts";
import { orderEvents } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { lockOrder } from "../orders/order-lock.ts";
import type { Party } from "./access.ts";
import { awaitingApproval } from "./approval-state.ts";
import { addMessage, afterMessage, countSender, messageBody } from "./post-message.ts";

/**
 * The finished part's approval (decision 081), in the order's conversation: the studio shows the
 * part (its words, with links to photos) and asks; the buyer approves or asks for a change, in one
 * click. Each step is a message of its kind and an event of the order's history. Until the buyer
 * answers, the fulfilment workflow refuses to hand the order over unless the admin overrides it
 * (server/orders/fulfilment.ts, fulfil-or-cancel.ts), which its history records.
 */

export { awaitingApproval };

/** The studio asks the buyer to approve the finished part, with its words (required). */
export async function askForApproval(orderId: string, party: Party, input: unknown): Promise<void> {
  if (party.side !== "studio") throw new DomainError("order.not_found");
  const body = messageBody(input);
  await countSender(orderId, party);
  await recordStep(orderId, party, "approval_request", body, "approval_requested");
}

/**
 * The buyer's answer: approved (words optional) or a change asked for (words required). Refused
 * when the studio is not waiting for one (already answered, or never asked).
 */
export async function answerApproval(
  orderId: string,
  party: Party,
  answer: "approved" | "change_requested",
  input: unknown,
): Promise<void> {
  if (party.side !== "buyer") throw new DomainError("order.not_found");
  const body = messageBody(input, answer === "approved");
  await countSender(orderId, party);
  await recordStep(orderId, party, answer, body, answer === "approved" ? "approval_given" : "change_requested");
}

async function recordStep(
  orderId: string,
  party: Party,
  kind: "approval_request" | "approved" | "change_requested",
  body: string,
  reason: "approval_requested" | "approval_given" | "change_requested",
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Under the order's lock: two answers at once record one.
    const locked = await lockOrder(tx, orderId);
    if (!locked) throw new DomainError("order.not_found");
    if (kind !== "approval_request" && !(await awaitingApproval(orderId)))
      throw new DomainError("conversation.no_approval_asked");
    await addMessage(tx, orderId, party, kind, body);
    // The buyer's words stay in the conversation only (erased with their details), never in the history.
    await tx.insert(orderEvents).values({
      orderId,
      status: locked.order.status,
      actorUserId: party.side === "studio" ? party.staffUserId : null,
      reason,
    });
  });
  afterMessage(party);
}
