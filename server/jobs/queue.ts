import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { afterCommit } from "../db/transaction-scope.ts";
import { jobs } from "../db/schema.ts";
import type { Executor } from "../db/transaction.ts";
import { log } from "../log.ts";

export type Job = typeof jobs.$inferSelect;

export type JobHandler = (
  payload: Record<string, unknown>,
  context: { job: Job; signal: AbortSignal },
) => Promise<void>;

export type JobKind = {
  handler: JobHandler;
  /** A run that takes longer is stopped (its signal aborts) and counts as a failed attempt. */
  timeoutMs: number;
};

/** Adds a job. With a uniqueKey, a job with that key that is already queued, running or done is kept instead. */
export async function enqueue(
  kind: string,
  payload: Record<string, unknown>,
  options: { uniqueKey?: string; maxAttempts?: number; runAt?: Date } = {},
): Promise<void> {
  const db = await getDb();
  await db
    .insert(jobs)
    .values({
      kind,
      payload,
      uniqueKey: options.uniqueKey,
      maxAttempts: options.maxAttempts ?? 3,
      runAt: options.runAt ?? new Date(),
    })
    .onConflictDoNothing({ target: jobs.uniqueKey });
  // Queued inside a transaction, the job is there for a worker only once it commits.
  afterCommit(wake);
}

/** Waiting time before attempt n+1: 2 s, 8 s, 32 s… capped at 10 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(2000 * 4 ** (attempts - 1), 600_000);
}

/**
 * Takes the oldest ready job of these kinds: queued and due, or running with a lease that ran out (its
 * worker died or the server restarted). SKIP LOCKED lets several workers and app servers take
 * different jobs at once. With `fairBy` (a payload field naming the job's owner, such as a client
 * address), owners take turns instead: the oldest job of the owner served least recently goes first,
 * an owner none of whose jobs were taken lately before any other.
 */
export async function claimJob(
  kinds: string[],
  workerId: string,
  leaseMs: number,
  options: { fairBy?: string } = {},
): Promise<Job | null> {
  const database = await getDb();
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const ready = sql`j.kind in (${kindList})
        and ((j.status = 'queued' and j.run_at <= now()) or (j.status = 'running' and j.locked_until < now()))`;
  // An owner's turn is when its last job was taken (or ended); jobs due in the last day are enough
  // to know it, and the (status, run_at) index finds them without reading the whole history.
  const next = options.fairBy
    ? sql`
      select j.id from jobs j
      left join (
        select payload->>${options.fairBy} as owner, max(updated_at) as served from jobs
        where kind in (${kindList}) and status in ('running', 'done', 'failed') and run_at > now() - interval '1 day'
        group by 1
      ) turns on turns.owner is not distinct from j.payload->>${options.fairBy}
      where ${ready}
      order by turns.served nulls first, j.run_at, j.id
      limit 1
      for update of j skip locked`
    : sql`
      select j.id from jobs j
      where ${ready}
      order by j.run_at, j.id
      limit 1
      for update skip locked`;
  const result = (await database.execute(sql`
    update jobs set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
      locked_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
    where id = (${next})
    returning id`)) as unknown as { rows: { id: number }[] };
  const id = result.rows[0]?.id;
  if (id === undefined) return null;
  const [job] = await database.select().from(jobs).where(eq(jobs.id, id));
  return job ?? null;
}

export async function completeJob(job: Job, workerId: string): Promise<void> {
  const database = await getDb();
  await database
    .update(jobs)
    .set({ status: "done", lockedUntil: null, lockedBy: null, lastError: null, updatedAt: new Date() })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
}

/** A failed attempt: tried again later with backoff, or `failed` for good after maxAttempts. */
export async function failJob(job: Job, workerId: string, error: string): Promise<"retry" | "failed"> {
  const database = await getDb();
  const final = job.attempts >= job.maxAttempts;
  await database
    .update(jobs)
    .set({
      status: final ? "failed" : "queued",
      runAt: final ? job.runAt : new Date(Date.now() + backoffMs(job.attempts)),
      lockedUntil: null,
      lockedBy: null,
      lastError: error.slice(0, 2000),
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
  return final ? "failed" : "retry";
}

/** A job that gives up without an outcome to keep: the same work may be queued again under its unique key. */
export async function releaseUniqueKey(job: Job, db: Executor): Promise<void> {
  await db.update(jobs).set({ uniqueKey: null, updatedAt: new Date() }).where(eq(jobs.id, job.id));
}

/** Called when the last attempt of a job failed for good, so its owner can record the outcome. */
export type OnFinalFailure = (job: Job, error: string) => Promise<void>;

/**
 * Runs one claimed job with its time limit. Exported so that tests (and a worker loop) drive it; a
 * job that already used every attempt before its lease ran out is failed without running again.
 */
export async function runClaimedJob(
  job: Job,
  kind: JobKind,
  workerId: string,
  onFinalFailure?: OnFinalFailure,
): Promise<"done" | "retry" | "failed"> {
  if (job.attempts > job.maxAttempts) {
    const message = job.lastError ?? "the worker stopped while running it";
    await failJob({ ...job, attempts: job.maxAttempts }, workerId, message);
    await onFinalFailure?.(job, message);
    return "failed";
  }
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`timed out after ${kind.timeoutMs} ms`));
      controller.abort();
    }, kind.timeoutMs);
  });
  try {
    await Promise.race([kind.handler(job.payload, { job, signal: controller.signal }), timeout]);
    await completeJob(job, workerId);
    return "done";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const outcome = await failJob(job, workerId, message);
    if (outcome === "failed") await onFinalFailure?.(job, message);
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}

type Worker = { stop: () => Promise<void>; wake: () => void };
const workers = new Set<Worker>();

function wake(): void {
  for (const worker of workers) worker.wake();
}

/**
 * Polls for jobs of the given kinds and runs up to `concurrency` at once. The lease is renewed while
 * a job runs, so only a dead worker's jobs are taken again.
 */
export function startWorker(options: {
  kinds: Record<string, JobKind>;
  concurrency: number;
  pollMs?: number;
  leaseMs?: number;
  onFinalFailure?: OnFinalFailure;
  /** Owners take turns (claimJob). */
  fairBy?: string;
}): Worker {
  const workerId = randomUUID();
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const kindNames = Object.keys(options.kinds);
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let filling = false;

  async function fill(): Promise<void> {
    if (filling || stopped) return;
    filling = true;
    try {
      while (!stopped && running.size < options.concurrency) {
        const job = await claimJob(kindNames, workerId, leaseMs, { fairBy: options.fairBy });
        if (!job) break;
        const renew = setInterval(() => void renewLease(job.id, workerId, leaseMs).catch(() => undefined), leaseMs / 3);
        const run = runClaimedJob(job, options.kinds[job.kind]!, workerId, options.onFinalFailure)
          .catch((error) =>
            log().error({ err: error, job: job.id, kind: job.kind }, "A job's outcome could not be recorded"),
          )
          .finally(() => {
            clearInterval(renew);
            running.delete(run);
            void fill();
          });
        running.add(run);
      }
    } catch (error) {
      if (!stopped) log().error({ err: error }, "Job queue poll failed");
    } finally {
      filling = false;
    }
  }

  const tick = () => {
    void fill().finally(() => {
      if (!stopped) timer = setTimeout(tick, pollMs).unref();
    });
  };
  tick();
  const worker: Worker = {
    wake: () => void fill(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      workers.delete(worker);
      await Promise.allSettled([...running]);
    },
  };
  workers.add(worker);
  return worker;
}

async function renewLease(id: number, workerId: string, leaseMs: number): Promise<void> {
  const db = await getDb();
  await db.execute(sql`
    update jobs set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id = ${id} and locked_by = ${workerId} and status = 'running'`);
}
