import type { SessionUser } from "../auth/session.ts";
import { onNotice } from "../db/notifications.ts";
import { createKeptReads } from "../http/kept-reads.ts";
import { listOrdersForUser } from "../orders/queries.ts";
import { customPrintsOf } from "../quotes/my-prints.ts";
import { listAddresses } from "./addresses.ts";
import { ordersUnreadByBuyer } from "../conversations/unread.ts";

/**
 * What a buyer's profile shows of their records, kept per buyer until they change: a trigger on
 * the orders, their lines, the quotes and the addresses announces each change with the buyer's id,
 * whoever made it (migration 0035, topic "buyer-changed", on every app server). Who they are (the
 * e-mail, the role) comes from the session on each request. Time changes them too: they are kept
 * until the first price among their custom prints stops being held, when it reads "expired".
 */
const keptProfiles = createKeptReads(10_000);

async function readRecords(userId: string) {
  const [orders, customPrints, addresses] = await Promise.all([
    listOrdersForUser(userId),
    customPrintsOf(userId),
    listAddresses(userId),
  ]);
  return { orders, customPrints, addresses };
}

type Records = Awaited<ReturnType<typeof readRecords>>;

/** The moment the first price still held stops being held, or true when none is. */
function staleAt({ customPrints }: Records): Date | true {
  const holds = customPrints.flatMap((print) =>
    print.status === "priced" && print.expiresAt ? [Date.parse(print.expiresAt)] : [],
  );
  return holds.length > 0 ? new Date(Math.min(...holds)) : true;
}

const keptRecords = (userId: string) => keptProfiles.kept(userId, "records", () => readRecords(userId), staleAt);

export async function profilePageData(user: SessionUser) {
  // Read on each visit (not kept): the studio's new messages on the buyer's orders.
  return { user, ...(await keptRecords(user.id)), unreadOrders: await ordersUnreadByBuyer(user.id) };
}

/** The buyer's saved addresses as their profile keeps them: the checkout offers them. */
export async function keptAddresses(userId: string) {
  return (await keptRecords(userId)).addresses;
}

/** For the writer's own next read: the database's notice comes after the commit, a moment later on PostgreSQL. */
export const forgetProfile = (userId: string) => keptProfiles.forget(userId);

onNotice("buyer-changed", keptProfiles.forget);
