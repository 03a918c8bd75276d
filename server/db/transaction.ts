import type { Database } from "./client.ts";

/** A transaction handle, usable wherever a query runs. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;
