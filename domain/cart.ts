import { z } from "zod";
import { MAX_IMPORT_LENGTH, MAX_LINE_QUANTITY } from "./cart-view.ts";

/**
 * The cart's forms, the same for the browser and the server: what each form posts to the /cart
 * route's action. The rules themselves (stock, visibility, limits) live on the server only
 * (server/cart/cart.ts); the browser shows what the server answers.
 */

const itemId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);
/** The quantity as typed: the server says 'Invalid quantity' when it is not a whole number in range. */
const quantity = z.string().max(20);

export const cartFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), itemId, quantity: quantity.default("1") }),
  z.object({ intent: z.literal("set"), itemId, quantity }),
  z.object({ intent: z.literal("increment"), itemId }),
  z.object({ intent: z.literal("decrement"), itemId }),
  z.object({ intent: z.literal("remove"), itemId }),
  z.object({ intent: z.literal("clear") }),
  // Applies what the cart's notices show (items gone or short, a custom print past its price hold).
  z.object({ intent: z.literal("update") }),
  // A custom print: the quote's own page adds it, at the quote's price and quantity.
  z.object({ intent: z.literal("add-quote"), quoteId: itemId }),
  z.object({ intent: z.literal("remove-quote"), quoteId: itemId }),
  // A cart kept by this browser before the cart lived on the server (localStorage), moved once.
  z.object({ intent: z.literal("import"), lines: z.string().max(MAX_IMPORT_LENGTH) }),
]);
export type CartForm = z.infer<typeof cartFormSchema>;
export type CartIntent = CartForm["intent"];

/** The old localStorage cart's shape: only ids and quantities are read. */
export const storedCartSchema = z.object({
  lines: z
    .array(z.object({ id: itemId, quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY) }).passthrough())
    .max(100),
});

/** The /cart action's answer, in the page's language: forms show `message` as it is. */
export type CartFormResult = {
  ok: boolean;
  tone: "success" | "warning" | "error";
  message: string;
  intent: CartIntent | "unknown";
  itemId?: string;
  code?: string;
};
