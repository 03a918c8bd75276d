/** The spec's "starting at" prices, in cents of the site's currency. */
export const SERVICE_PRICES = { scan: 4900, print: 2900 } as const;
