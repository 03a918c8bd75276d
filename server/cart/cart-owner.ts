/** Whose cart: a signed-in user's, or a browser's (its cookie's token, none yet for a new visitor). */
export type CartOwner = { userId: string } | { token: string | null };
