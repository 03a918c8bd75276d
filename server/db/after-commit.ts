import { AsyncLocalStorage } from "node:async_hooks";
import { log } from "../log.ts";

/**
 * Work that must wait until the transaction it belongs to has committed: telling the other app
 * servers that the catalogue changed, or waking the job that mails a studio notice. Said inside a
 * transaction, it runs after the commit and not at all after a rollback; said outside, at once.
 * Every `db.transaction` opens its own scope (`withAfterCommit` wraps the client's).
 */
const scope = new AsyncLocalStorage<(() => void)[]>();

export function afterCommit(work: () => void): void {
  const waiting = scope.getStore();
  if (waiting) waiting.push(work);
  else work();
}

type Transactional = { transaction: (...args: never[]) => Promise<unknown> };

/** `db` whose transactions run their `afterCommit` work once they commit. */
export function withAfterCommit<Db extends Transactional>(db: Db): Db {
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const wrapped = async (...args: unknown[]) => {
    const waiting: (() => void)[] = [];
    const result = await scope.run(waiting, () => transaction(...args));
    for (const work of waiting) {
      try {
        work();
      } catch (error) {
        log().error({ err: error }, "Work after a commit failed");
      }
    }
    return result;
  };
  return Object.assign(db, { transaction: wrapped });
}
