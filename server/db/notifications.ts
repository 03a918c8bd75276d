import { randomUUID } from "node:crypto";
import pg from "pg";
import { log } from "../log.ts";

/**
 * Notices between the app servers of one PostgreSQL database (LISTEN/NOTIFY), such as "the
 * catalogue changed: clear your caches". Each process keeps one listening connection, opened
 * again after it drops; on the embedded database there is one process and nothing is sent.
 */
const CHANNEL = "studio_notices";
const processId = randomUUID();
/** `detail` is what the sender added (an id), or null when this server may have missed notices. */
type NoticeHandler = (detail: string | null) => void;
// One set of handlers per process, whichever copy of this module registered them or hears the
// database (a test's and the site it loads; a dev server's reloads), as the database is one per process.
const registry = globalThis as typeof globalThis & { __studioNoticeHandlers?: Map<string, Set<NoticeHandler>> };
const handlers = (registry.__studioNoticeHandlers ??= new Map());

let publish: ((payload: string) => Promise<unknown>) | null = null;
let client: pg.Client | null = null;
let stopped = true;
let retry: NodeJS.Timeout | undefined;

/** Runs `handler` when another app server sends `topic`, or the database does (`DATABASE_CHANNELS`). */
export function onNotice(topic: string, handler: NoticeHandler): void {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(handler);
}

/**
 * Tells the other app servers (not this one) about `topic`, with an optional `detail` without
 * spaces (an id); does nothing on the embedded database.
 */
export function noticeToOthers(topic: string, detail?: string): void {
  publish?.(detail ? `${topic} ${processId} ${detail}` : `${topic} ${processId}`).catch((error) =>
    log().error({ err: error, topic }, "Could not send a notice to the other servers"),
  );
}

function deliver(payload: string | undefined): void {
  const [topic, from, detail] = (payload ?? "").split(" ");
  if (!topic || from === processId) return;
  for (const handler of handlers.get(topic) ?? []) handler(detail || null);
}

/**
 * What PostgreSQL itself announces, on every server including the writer's: a trigger's
 * `pg_notify(channel, id)` after each change of the rows behind a page kept in memory (an order's,
 * migration 0034; a buyer's profile, 0035), whoever wrote them. Each channel's notices go to the
 * handlers of its topic.
 */
const DATABASE_CHANNELS: Record<string, string> = {
  studio_order_changes: "order-changed",
  studio_buyer_changes: "buyer-changed",
};
export const DATABASE_NOTICE_CHANNELS = Object.keys(DATABASE_CHANNELS);

/** A notice the database sent on `channel` (a trigger's), delivered to its topic's handlers. */
export function deliverDatabaseNotice(channel: string, payload: string | undefined): void {
  const topic = DATABASE_CHANNELS[channel];
  if (!topic) return;
  for (const handler of handlers.get(topic) ?? []) handler(payload || null);
}

/** Everything, for a listener that was away and may have missed notices. */
function deliverAll(): void {
  for (const set of handlers.values()) for (const handler of set) handler(null);
}

/**
 * Starts listening on `url`; `send` publishes through the app's pool. Resolves once the first
 * connection listens (or failed: it keeps trying in the background).
 */
export async function startNotices(url: string, send: (payload: string) => Promise<unknown>): Promise<void> {
  stopped = false;
  publish = (payload) => send(payload);
  await connect(url, 1_000, false);
}

async function connect(url: string, delayMs: number, missedSome: boolean): Promise<void> {
  if (stopped) return;
  const next = new pg.Client({ connectionString: url, application_name: "studio-notices" });
  let down = false;
  const reconnect = (reason: string) => {
    if (down || stopped) return;
    down = true;
    if (client === next) client = null;
    next.end().catch(() => undefined);
    log().warn({ reason, retryInMs: delayMs }, "The notice connection to PostgreSQL dropped; trying again");
    retry = setTimeout(() => void connect(url, Math.min(delayMs * 2, 30_000), true), delayMs);
    retry.unref();
  };
  next.on("error", (error) => reconnect(error.message));
  next.on("end", () => reconnect("closed"));
  next.on("notification", (message) => {
    if (message.channel === CHANNEL) deliver(message.payload);
    else deliverDatabaseNotice(message.channel, message.payload);
  });
  try {
    await next.connect();
    for (const channel of [CHANNEL, ...DATABASE_NOTICE_CHANNELS]) await next.query(`LISTEN ${channel}`);
  } catch (error) {
    reconnect(error instanceof Error ? error.message : String(error));
    return;
  }
  if (stopped) {
    await next.end().catch(() => undefined);
    return;
  }
  client = next;
  if (missedSome) deliverAll();
}

export async function stopNotices(): Promise<void> {
  stopped = true;
  publish = null;
  clearTimeout(retry);
  const current = client;
  client = null;
  await current?.end().catch(() => undefined);
}

export const NOTICE_CHANNEL = CHANNEL;
