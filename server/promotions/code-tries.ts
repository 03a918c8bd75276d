import { ApiError } from "../http/errors.ts";
import { createRateLimiter } from "../http/rate-limit.ts";

/**
 * Like sign-in's wrong passwords (decision 080): a few refused discount codes a minute per client
 * address, wherever the code was typed (the checkout page, POST /api/orders, POST
 * /api/checkout/price), counted together in the shop's rate-limit store: codes are not guessed.
 */
const codeTries = createRateLimiter({ max: 10, windowMs: 60_000 });

/** Counts a refused code against its client address; false once they have tried too many. */
export async function mayTryCode(clientAddress: string): Promise<boolean> {
  try {
    await codeTries.consume(clientAddress, "discount-code");
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return false;
    throw error;
  }
}
