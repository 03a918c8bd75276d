import { createRequire } from "node:module";
import type { MiddlewareHandler } from "hono";
import pino, { type DestinationStream, type Logger } from "pino";
import { requestScope } from "./http/request-scope.ts";

/**
 * The server's log: one JSON line per event in production (level, time, pid, host, message, the
 * request's id when there is one), readable lines in development, nothing in tests unless a test
 * asks. `LOG_LEVEL` chooses how much (`debug` adds a line per request answered).
 */
function defaultLevel(): string {
  return process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info");
}

function prettyStream(): DestinationStream | undefined {
  if (process.env.NODE_ENV !== "development") return undefined;
  try {
    // A dev dependency: a server installed without it logs JSON in development too.
    const pretty = createRequire(import.meta.url)("pino-pretty") as (options: object) => DestinationStream;
    return pretty({ ignore: "pid,hostname", translateTime: "SYS:HH:MM:ss.l" });
  } catch {
    return undefined;
  }
}

let root: Logger = pino({ level: defaultLevel() }, prettyStream());

/** The log to write to: the current request's (every line carries its id), or the server's. */
export function log(): Logger {
  const scope = requestScope();
  if (!scope) return root;
  return (scope.log ??= root.child({ requestId: scope.requestId }));
}

/** For tests: every line at `level` and above goes to `stream` until the returned function is called. */
export function logTo(stream: DestinationStream, level = "debug"): () => void {
  const previous = root;
  root = pino({ level }, stream);
  return () => {
    root = previous;
  };
}

/** At `debug`, a line for every request answered: method, path, status and milliseconds. */
export function accessLog(): MiddlewareHandler {
  return async (c, next) => {
    if (!root.isLevelEnabled("debug")) return next();
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    log().debug({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, "answered");
  };
}
