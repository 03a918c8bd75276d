import { noticeToOthers, onNotice } from "../db/notifications.ts";

/**
 * "This quote has its price (or its reason for none)", for the buyer's page waiting on it: the
 * answer leaves the moment the slice is recorded, on whichever app server holds the request (the
 * slice may run on another: the notice crosses over by NOTIFY).
 */
const TOPIC = "quote-changed";
const waiters = new Map<string, Set<() => void>>();

export function quoteChanged(quoteId: string): void {
  wake(quoteId);
  noticeToOthers(TOPIC, quoteId);
}

onNotice(TOPIC, (quoteId) => {
  // A listener that was away may have missed some: every waiter looks again.
  if (quoteId === null) for (const id of [...waiters.keys()]) wake(id);
  else wake(quoteId);
});

function wake(quoteId: string): void {
  const set = waiters.get(quoteId);
  waiters.delete(quoteId);
  for (const resume of set ?? []) resume();
}

/**
 * Resolves when the quote changes, after `timeoutMs`, or when `signal` aborts (the buyer left),
 * whichever comes first. Subscribe before reading the quote, then `wait()` only if it still has
 * no price: a change in between is not missed.
 */
export function subscribeToQuote(
  quoteId: string,
  timeoutMs: number,
  signal?: AbortSignal,
): { wait: () => Promise<void>; cancel: () => void } {
  let resolve!: () => void;
  const changed = new Promise<void>((done) => (resolve = done));
  let set = waiters.get(quoteId);
  if (!set) waiters.set(quoteId, (set = new Set()));
  set.add(resolve);
  const timer = setTimeout(resolve, timeoutMs);
  signal?.addEventListener("abort", () => resolve(), { once: true });
  const cancel = () => {
    clearTimeout(timer);
    const current = waiters.get(quoteId);
    current?.delete(resolve);
    if (current?.size === 0) waiters.delete(quoteId);
    resolve();
  };
  return { wait: () => changed.finally(cancel), cancel };
}
