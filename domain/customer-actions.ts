import { z } from "zod";

/** The customer page's one action: the owner vouches for the address (the form's only field). */
export const customerActionSchema = z.object({ intent: z.literal("mark-verified", "invalidIntent") });
