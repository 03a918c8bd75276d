import { data } from "react-router";
import { messagesFor } from "../../app/i18n/messages.server.ts";
import { cartFormSchema, storedCartSchema, type CartFormResult } from "../../app/lib/cart.ts";
import type { Locale } from "../../app/lib/locale.ts";
import { getSessionUser } from "../auth/session.ts";
import { DomainError } from "../errors.ts";
import { addItem, clearCart, importLines, readCart, removeItem, setItemQuantity, stepItemQuantity, type CartChange, type CartOwner } from "./cart.ts";
import { cartCookie } from "./cookie.ts";
import { cartOwnerOf } from "./http.ts";

const MAX_BODY_BYTES = 32_000;

type Message = (name: string, quantity: number) => string;

async function itemName(owner: CartOwner, itemId: string, locale: Locale, fallback: string): Promise<string> {
  const line = (await readCart(owner)).lines.find((l) => l.itemId === itemId);
  return line ? line.name[locale] || line.name.en : fallback;
}

/**
 * The /cart route's action: one of the cart's forms (add, set, +, −, remove, clear, import), as
 * posted by a plain HTML form or by a fetcher. Answers the outcome in the page's language, with the
 * status of the error code, and the cookie of a browser's new cart.
 */
export async function handleCartForm(request: Request, locale: Locale) {
  const m = messagesFor(locale);
  const length = Number(request.headers.get("content-length") ?? "0");
  const parsed = length > MAX_BODY_BYTES ? null : cartFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed?.success) {
    const result: CartFormResult = { ok: false, tone: "error", intent: "unknown", code: "cart.invalid_request", message: m.errors["cart.invalid_request"] };
    return data(result, { status: 400 });
  }
  const form = parsed.data;
  const owner = cartOwnerOf(request, await getSessionUser(request.headers));
  const headers = new Headers();
  const keepCookie = (change: { setCookieToken?: string }) => {
    if (change.setCookieToken) headers.append("Set-Cookie", cartCookie(change.setCookieToken, request.url));
  };
  const itemId = "itemId" in form ? form.itemId : undefined;
  try {
    let result: CartFormResult;
    /** Adds say how many were added; other changes say the line's quantity now. */
    const done = async (change: CartChange, message: Message, cappedMessage: Message): Promise<CartFormResult> => {
      const name = await itemName(owner, change.itemId, locale, m.cart.anItem);
      const shown = form.intent === "add" ? change.added : change.quantity;
      return {
        ok: true,
        tone: change.capped ? "warning" : "success",
        intent: form.intent,
        itemId,
        message: (change.capped ? cappedMessage : message)(name, shown),
      };
    };
    switch (form.intent) {
      case "add": {
        const change = await addItem(owner, form.itemId, form.quantity);
        keepCookie(change);
        result = await done(change, m.cart.added, m.cart.addedCapped);
        break;
      }
      case "set":
        result = await done(await setItemQuantity(owner, form.itemId, form.quantity), m.cart.quantitySet, m.cart.quantityCapped);
        break;
      case "increment":
      case "decrement":
        result = await done(await stepItemQuantity(owner, form.itemId, form.intent === "increment" ? 1 : -1), m.cart.quantitySet, m.cart.quantityCapped);
        break;
      case "remove": {
        const name = await itemName(owner, form.itemId, locale, m.cart.anItem);
        await removeItem(owner, form.itemId);
        result = { ok: true, tone: "success", intent: form.intent, itemId, message: m.cart.removed(name) };
        break;
      }
      case "clear":
        await clearCart(owner);
        result = { ok: true, tone: "success", intent: form.intent, message: m.cart.cleared };
        break;
      case "import": {
        let lines: { itemId: string; quantity: number }[] = [];
        try {
          const stored = storedCartSchema.safeParse(JSON.parse(form.lines));
          if (stored.success) lines = stored.data.lines.map((line) => ({ itemId: line.id, quantity: line.quantity }));
        } catch {
          // An unreadable old cart is dropped: there is nothing to move.
        }
        keepCookie(await importLines(owner, lines));
        result = { ok: true, tone: "success", intent: form.intent, message: "" };
        break;
      }
    }
    return data(result, { headers });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const result: CartFormResult = { ok: false, tone: "error", intent: form.intent, itemId, code: error.code, message: m.errors[error.code] };
    return data(result, { status: error.status, headers });
  }
}
