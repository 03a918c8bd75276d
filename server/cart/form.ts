import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { messagesFor } from "../../messages/messages.server.ts";
import { cartFormSchema, storedCartSchema, type CartFormResult } from "../../domain/cart.ts";
import { localizePath, type Locale } from "../../domain/locale.ts";
import { translate } from "../../domain/translations.ts";
import { formatMoney } from "../../domain/money.ts";
import { config } from "../config.ts";
import { getSessionUser } from "../auth/session.ts";
import { getDb } from "../db/index.ts";
import { inventoryItems } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { errorText } from "../http/error-text.ts";
import { quoteOwner } from "../quotes/owner.ts";
import {
  addItem,
  addQuote,
  removeQuote,
  clearCart,
  importLines,
  removeItem,
  setItemQuantity,
  stepItemQuantity,
  tidyCart,
  type CartChange,
} from "./cart.ts";
import { cartCookie, flashCookie } from "./cookie.ts";
import { cartOwnerOf } from "./http.ts";

const MAX_BODY_BYTES = 32_000;

type Message = (name: string, quantity: number) => string;

async function itemName(itemId: string, locale: Locale, fallback: string): Promise<string> {
  const db = await getDb();
  const [item] = await db
    .select({ translations: inventoryItems.translations })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, itemId));
  return item ? translate(item.translations, locale).name || fallback : fallback;
}

/**
 * The /cart route's action: one of the cart's forms (add, set, +, −, remove, clear, import), as
 * posted by a plain HTML form or by a fetcher. Answers the outcome in the page's language, with the
 * status of the error code, and the cookie of a browser's new cart.
 */
export async function handleCartForm(request: Request, locale: Locale) {
  const answer = await applyCartForm(request, locale);
  if (new URL(request.url).pathname.endsWith(".data"))
    return data(answer.result, { status: answer.status, headers: answer.headers });
  // A plain HTML form (no JavaScript yet, or none): Post/Redirect/Get to the cart page, which shows
  // the outcome once (a short-lived cookie) and the cart read with the new cookie.
  answer.headers.append("Set-Cookie", flashCookie(answer.result, request.url));
  return redirect(localizePath("/cart", locale), { headers: answer.headers });
}

async function applyCartForm(
  request: Request,
  locale: Locale,
): Promise<{ result: CartFormResult; status: number; headers: Headers }> {
  const m = messagesFor(locale);
  const length = Number(request.headers.get("content-length") ?? "0");
  // A body that is not a form (or too big) is refused like a form that makes no sense.
  const body = length > MAX_BODY_BYTES ? null : await request.formData().catch(() => null);
  const parsed = body ? cartFormSchema.safeParse(Object.fromEntries(body)) : null;
  if (!parsed?.success) {
    const result: CartFormResult = {
      ok: false,
      tone: "error",
      intent: "unknown",
      code: "cart.invalid_request",
      message: m.errors["cart.invalid_request"],
    };
    return { result, status: 400, headers: new Headers() };
  }
  const form = parsed.data;
  const owner = cartOwnerOf(request, await getSessionUser(request.headers));
  const headers = new Headers();
  const keepCookie = (change: { setCookieToken?: string }) => {
    if (change.setCookieToken) headers.append("Set-Cookie", cartCookie(change.setCookieToken, request.url));
  };
  const itemId = "itemId" in form ? form.itemId : undefined;
  try {
    // Every cart form first applies what the cart's notices showed (a read never does).
    const repriced = await tidyCart(owner);
    let result: CartFormResult;
    /** Adds say how many were added; other changes say the line's quantity now. */
    const done = async (change: CartChange, message: Message, cappedMessage: Message): Promise<CartFormResult> => {
      const name = await itemName(change.itemId, locale, m.cart.anItem);
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
        result = await done(
          await setItemQuantity(owner, form.itemId, form.quantity),
          m.cart.quantitySet,
          m.cart.quantityCapped,
        );
        break;
      case "increment":
      case "decrement":
        result = await done(
          await stepItemQuantity(owner, form.itemId, form.intent === "increment" ? 1 : -1),
          m.cart.quantitySet,
          m.cart.quantityCapped,
        );
        break;
      case "remove": {
        const name = await itemName(form.itemId, locale, m.cart.anItem);
        await removeItem(owner, form.itemId);
        result = { ok: true, tone: "success", intent: form.intent, itemId, message: m.cart.removed(name) };
        break;
      }
      case "add-quote": {
        const change = await addQuote(owner, await quoteOwner(request.headers), form.quoteId);
        keepCookie(change);
        result = {
          ok: true,
          tone: "success",
          intent: form.intent,
          message: change.added ? m.cart.quoteAdded(change.name) : m.cart.quoteAlreadyIn(change.name),
        };
        break;
      }
      case "remove-quote":
        await removeQuote(owner, form.quoteId);
        result = { ok: true, tone: "success", intent: form.intent, message: m.cart.removed(m.cart.customPart) };
        break;
      case "update": {
        const money = (cents: number) => formatMoney(cents, config.currency, locale);
        const said = repriced.map((line) => m.cart.noticeRepriced(line.name, money(line.totalCents)));
        result = { ok: true, tone: "success", intent: form.intent, message: [m.cart.updated, ...said].join(" ") };
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
    return { result, status: 200, headers };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const result: CartFormResult = {
      ok: false,
      tone: "error",
      intent: form.intent,
      itemId,
      code: error.code,
      message: errorText(error, locale).message,
    };
    return { result, status: error.status, headers };
  }
}
