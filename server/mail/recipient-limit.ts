import { getRateLimitStore, rateLimitEnabled } from "../http/rate-limit.ts";

/**
 * Mail a stranger can cause (a verification link, a guest's order link, a copy of a message) is
 * counted per recipient as well as per client address: at most three of one kind to one address
 * per quarter hour, in the store every app server shares, so that no form can fill an inbox from
 * many addresses or through many servers.
 */
export const RECIPIENT_LIMIT = { max: 3, windowMs: 15 * 60_000 };

export async function mayMailRecipient(purpose: string, email: string): Promise<boolean> {
  if (!rateLimitEnabled()) return true;
  const key = `mail-to:${purpose}:${email.trim().toLowerCase()}`;
  const { count } = await (await getRateLimitStore()).hit(key, RECIPIENT_LIMIT.windowMs);
  return count <= RECIPIENT_LIMIT.max;
}

/** Forgets every count (tests). */
export async function resetMailLimits(): Promise<void> {
  await (await getRateLimitStore()).clear();
}
