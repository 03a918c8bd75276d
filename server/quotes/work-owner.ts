import { createHmac } from "node:crypto";
import { authSecret } from "../config.ts";
import { currentClientAddress } from "../http/request-scope.ts";

/** The payload field of a quote's background job that names its owner: the slicer is shared out by it. */
export const WORK_OWNER_FIELD = "client";

/**
 * Who queued the work: the client address of the request being answered, as a keyed hash (jobs
 * keep it; enough to take turns by, useless to anyone reading the table), or null outside a request.
 */
export function workOwner(): string | null {
  const address = currentClientAddress();
  if (!address) return null;
  return createHmac("sha256", authSecret()).update(`quote-work:${address}`).digest("base64url").slice(0, 22);
}
