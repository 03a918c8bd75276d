import { AsyncLocalStorage } from "node:async_hooks";
import { log } from "../log.ts";

/**
 * What a transaction carries with it, without being handed along (decision 082):
 *
 * - **The transaction itself.** Inside `db.transaction(…)`, every query made through the database
 *   (`getDb()`, or a `db` taken before the transaction began) runs in that transaction, and a nested
 *   `db.transaction` is a savepoint of it. A query beside an open transaction cannot be written: on
 *   the embedded database, with its one connection, such a query used to wait for ever.
 * - **Work that must wait for the commit**: telling the other app servers that the catalogue
 *   changed, or waking the job that mails a studio notice. Said inside a transaction, it runs after
 *   the commit and not at all after a rollback; said outside (or after the transaction ended), at once.
 */
type Scope = { transaction: unknown; open: boolean; waiting: (() => void)[] };
const scope = new AsyncLocalStorage<Scope>();

function openScope(): Scope | undefined {
  const current = scope.getStore();
  return current?.open ? current : undefined;
}

export function afterCommit(work: () => void): void {
  const current = openScope();
  if (current) current.waiting.push(work);
  else work();
}

type Transactional = { transaction: (...args: never[]) => Promise<unknown> };
type Begin = (work: (tx: unknown) => Promise<unknown>, ...rest: unknown[]) => Promise<unknown>;

/**
 * `db`, made to follow the open transaction: each property read inside `db.transaction(…)` is the
 * transaction's own, and the transaction's `afterCommit` work runs once it commits.
 */
export function withTransactionScope<Db extends Transactional>(db: Db): Db {
  const begin = db.transaction.bind(db) as unknown as Begin;
  const transaction = async (work: (tx: unknown) => Promise<unknown>, ...rest: unknown[]) => {
    const outer = openScope();
    if (outer) return (outer.transaction as Db).transaction(work as never, ...(rest as never[]));
    const current: Scope = { transaction: undefined, open: true, waiting: [] };
    let result: unknown;
    try {
      result = await scope.run(current, () =>
        begin(
          (tx) => {
            current.transaction = tx;
            return work(tx);
          },
          ...rest,
        ),
      );
    } finally {
      current.open = false;
      current.transaction = undefined;
    }
    for (const waiting of current.waiting) {
      try {
        waiting();
      } catch (error) {
        log().error({ err: error }, "Work after a commit failed");
      }
    }
    return result;
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "transaction") return transaction;
      const source = (openScope()?.transaction ?? target) as object;
      const value: unknown = Reflect.get(source, property);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}
