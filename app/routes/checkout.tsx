import { data, redirect } from "react-router";
import type { Route } from "./+types/checkout";
import { CheckoutPage, type CheckoutPageData, type CheckoutResult } from "~/features/checkout/checkout-page";
import type { CheckoutFigures, DeliveryForm } from "~/features/checkout/checkout-view";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { PersonalPage, type SplicedPage } from "~/features/shell/personal-slot";
import { messagesFor } from "../../messages/messages.server.ts";
import { addressInputFrom } from "../../domain/address.ts";
import { localeFromPath, localizePath, type Locale } from "../../domain/locale.ts";
import { taxDate } from "../../domain/tax.ts";
import type { SavedAddress } from "../../server/accounts/addresses.ts";
import { keptAddresses } from "../../server/accounts/profile-page.ts";
import { getSessionUser, isEmailVerified, type SessionUser } from "../../server/auth/session.ts";
import { cartCustomOrderLines, cartOrderLines, type CartOwner } from "../../server/cart/cart.ts";
import { keptForBuyer } from "../../server/cart/cart-cache.ts";
import { cartOwnerOf } from "../../server/cart/http.ts";
import { guestOrderCookie } from "../../server/orders/access-keys.ts";
import { placeGuestOrder } from "../../server/orders/guest-checkout.ts";
import { getStudioIdentity } from "../../server/settings/studio-identity.ts";
import type { GuestValues } from "~/features/checkout/guest-parts";
import { config } from "../../server/config.ts";
import { DomainError } from "../../server/errors.ts";
import { ApiError } from "../../server/http/errors.ts";
import { errorText } from "../../server/http/error-text.ts";
import { createRateLimiter } from "../../server/http/rate-limit.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { priceCheckout } from "../../server/orders/checkout-price.ts";
import { buyerKey, refusalError, type Buyer, type PromotionChoice } from "../../server/promotions/apply.ts";
import { mayTryCode } from "../../server/promotions/code-tries.ts";
import {
  customPricingLine,
  placeOrderFromCart,
  resolveDelivery,
  type DeliveryChoice,
} from "../../server/orders/place-from-cart.ts";
import { clientAddressContext } from "../../server/http/client-address.ts";
import { sharedPageContext } from "../../server/http/shared-pages.ts";
import { getStudioSettings } from "../../server/settings/shop-settings.ts";
import { shouldRevalidateAfterCheckoutFigures } from "~/lib/checkout-revalidation";

export const meta = (args: Route.MetaArgs) => [
  ...pageTitle(args, "checkout", (m) => m.checkout.title),
  { name: "robots", content: "noindex" },
];

const placing = createRateLimiter({ max: 20, windowMs: 60_000 });
// Like sign-up (better-auth's /sign-up/email: 5 a minute): each guest order makes a guest.
const guestPlacing = createRateLimiter({ max: 5, windowMs: 60_000 });

function guestFrom(form: FormData): GuestValues {
  const text = (name: string) => String(form.get(`guest.${name}`) ?? "").slice(0, 300);
  return { email: text("email"), fullName: text("fullName"), phone: text("phone") };
}

/** A guest's field problems, keyed like its fields (`guest.email` …), beside the address's. */
function guestFields(fields: Record<string, string> | undefined, code: string): Record<string, string> | undefined {
  if (!fields || code !== "checkout.invalid_guest") return fields;
  return Object.fromEntries(Object.entries(fields).map(([name, words]) => [`guest.${name}`, words]));
}

/** The delivery form as posted (or as first offered): only strings, each bounded by the address schema later. */
function deliveryFrom(form: FormData): DeliveryForm {
  const method = form.get("method") === "ship" ? "ship" : "pickup";
  const address = addressInputFrom(form);
  const addressId = String(form.get("addressId") ?? "new").slice(0, 255) || "new";
  return { method, addressId, address, saveAddress: form.get("saveAddress") === "on" };
}

/**
 * A guest gives a name and a phone once: a new delivery address whose own are left empty takes the
 * guest's (the page's script copies them as they are typed; this is the same without it). The
 * address is then checked as any other.
 */
function withGuestContact(delivery: DeliveryForm, guest: GuestValues): DeliveryForm {
  if (delivery.method !== "ship" || delivery.addressId !== "new") return delivery;
  const address = { ...delivery.address };
  if (!address.fullName?.trim() && guest.fullName?.trim()) address.fullName = guest.fullName;
  if (!address.phone?.trim() && guest.phone?.trim()) address.phone = guest.phone;
  return { ...delivery, address };
}

/** Who checks out as a guest: a visitor, or an account whose address is not verified yet (issue 49). */
const ordersAsGuest = (user: SessionUser | null): boolean => !user || !isEmailVerified(user);

/**
 * The signed-in buyer, as the page's GET may read them from the session's cookie cache; an address
 * not verified there is asked of the database, as it may have been verified since, and the page is
 * another one for a verified buyer (saved addresses, no guest's form).
 */
async function buyerOf(request: Request): Promise<SessionUser | null> {
  const user = await getSessionUser(request.headers);
  return user && !isEmailVerified(user) ? getSessionUser(request.headers, { fresh: true }) : user;
}

type Quote = {
  figures: CheckoutFigures | null;
  message?: string;
  fields?: Record<string, string>;
  /** A custom print's price holds only until its quote's hold runs out. */
  withCustomPrint?: boolean;
};

/** Who buys and the code they typed, for the promotions the figures show. */
type DiscountAsked = { code: string; buyer: Buyer };

/** The server's figures for the buyer's cart and this delivery, or the problems in the buyer's language. */
async function figuresFor(
  owner: CartOwner,
  delivery: DeliveryChoice,
  locale: Locale,
  discount: DiscountAsked,
): Promise<Quote> {
  try {
    // An empty cart, or one with a line that cannot be bought, has no figures: the page says why.
    const [lines, customLines] = await Promise.all([cartOrderLines(owner), cartCustomOrderLines(owner)]);
    const choice = await resolveDelivery("userId" in owner ? owner.userId : "", delivery);
    const price = await priceCheckout({
      lines,
      customLines: customLines.map(customPricingLine),
      method: choice.method,
      address: choice.address,
      locale,
      discount,
    });
    return {
      withCustomPrint: customLines.length > 0,
      figures: {
        ...discountFigures(price.promotion, locale),
        subtotalCents: price.subtotalCents,
        shippingCents: price.shippingCents,
        freeShipping: price.freeShipping,
        taxes: price.taxes.map((tax, i) => ({
          code: tax.code,
          label: price.taxLabels[i]!,
          amountCents: tax.amountCents,
        })),
        totalCents: price.totalCents,
      },
    };
  } catch (error) {
    // The delivery's problems are said next to its fields; the cart's, by the cart's own notice.
    if (error instanceof DomainError && error.code.startsWith("checkout."))
      return { figures: null, ...errorText(error, locale) };
    if (error instanceof DomainError) return { figures: null };
    throw error;
  }
}

/**
 * The figures the page opens with, for the saved address it offers first (or a pickup). Kept with
 * the buyer's cart, which its changes and the site's (prices, weights, settings) read again; the
 * address is part of the key, so an address edited in place is priced again, and so is the studio's
 * day, whose tax rates apply (a rate may be set to change on a date). A cart holding a custom print
 * is priced for each request, as its view is read (its quote's hold runs out), and so is a cart
 * that cannot be priced.
 */
async function firstFigures(
  owner: CartOwner,
  address: SavedAddress | null,
  locale: Locale,
  buyer: Buyer,
): Promise<Quote> {
  const choice: DeliveryChoice = address ? { method: "ship", address } : { method: "pickup" };
  return keptForBuyer(
    owner,
    `checkout ${locale} ${taxDate(new Date())} ${JSON.stringify(address)} ${buyerKey(buyer)}`,
    () => figuresFor(owner, choice, locale, { code: "", buyer }),
    // An automatic discount may end at any minute: figures with one are kept a minute at most.
    (quote) =>
      quote.figures !== null &&
      !quote.withCustomPrint &&
      (quote.figures.discounts.length === 0 || new Date(Date.now() + 60_000)),
  );
}

export const shouldRevalidate = shouldRevalidateAfterCheckoutFigures;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  if (context.get(sharedPageContext)) return { personalSpliced: true } satisfies SplicedPage;
  // No account needed: a visitor checks out as a guest with the browser's cart, and so does an
  // account whose address is not verified yet, with its own cart (its e-mail and name offered).
  const user = await buyerOf(request);
  const locale = localeFromPath(url.pathname);
  const asGuest = ordersAsGuest(user);
  // Each saved address is offered, the default chosen; without any, pickup until the buyer types one.
  // A guest's order is delivered to the address typed for it.
  const saved = user && !asGuest ? await keptAddresses(user.id) : [];
  const chosen = saved.find((a) => a.isDefault) ?? saved[0];
  // An unverified account's name is offered for the guest's details and the address alike.
  const guestDefaults: GuestValues = user && asGuest ? { email: user.email, fullName: user.username } : {};
  const delivery: DeliveryForm = chosen
    ? { method: "ship", addressId: chosen.id, address: {}, saveAddress: false }
    : { method: "pickup", addressId: "new", address: { fullName: guestDefaults.fullName }, saveAddress: false };
  const savedAddresses = saved.map((a) => ({
    id: a.id,
    label: [a.fullName, a.line1, a.line2, `${a.city} ${a.province} ${a.postalCode}`].filter(Boolean).join(", "),
  }));
  const studio = await getStudioSettings();
  const identity = await getStudioIdentity();
  const buyer = { userId: user && !asGuest ? user.id : null, email: user?.email ?? null };
  const quote = await firstFigures(cartOwnerOf(request, user), chosen ?? null, locale, buyer);
  return {
    reservationMinutes: config.reservationMinutes,
    guest: asGuest,
    guestDefaults,
    unverified: user !== null && asGuest,
    studioContact: { phone: identity.phone, email: identity.email },
    pickup: { address: studio.pickupAddress, hours: studio.pickupHours[locale] },
    savedAddresses,
    delivery,
    discountCode: "",
    figures: quote.figures,
  } satisfies CheckoutPageData;
}

/**
 * intent "update": the figures for the delivery as typed (the page's fetcher, or a post without
 * JavaScript). intent "place": the server's cart of the signed-in buyer, priced again and placed.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await getSessionUser(request.headers, { fresh: true });
  const locale = localeFromPath(url.pathname);
  const m = messagesFor(locale);
  const form = await request.formData();
  const guest = guestFrom(form);
  const asGuest = ordersAsGuest(user);
  const delivery = asGuest ? withGuestContact(deliveryFrom(form), guest) : deliveryFrom(form);
  const discountCode = String(form.get("discountCode") ?? "").slice(0, 100);
  const clientAddress = context.get(clientAddressContext);
  const posted = { delivery, guest, discountCode };
  if (form.get("intent") !== "place") {
    const buyer = { userId: user && !asGuest ? user.id : null, email: asGuest ? guest.email || null : user!.email };
    const quote = await figuresFor(cartOwnerOf(request, user), delivery, locale, { code: discountCode, buyer });
    if (quote.figures?.discountRefusal && !(await mayTryCode(clientAddress)))
      return data({ ...posted, figures: null, message: m.checkout.discount.tooManyTries, fields: undefined }, 429);
    return { ...posted, figures: quote.figures, message: quote.message, fields: quote.fields };
  }
  if (!user || asGuest)
    return placeAsGuest(request, clientAddress, {
      cart: cartOwnerOf(request, user),
      delivery,
      guest,
      discountCode,
      locale,
    });
  try {
    await placing.consume(clientAddress, "place-order");
    const order = await placeOrderFromCart({ userId: user.id, locale, delivery, clientAddress, discountCode });
    return redirect(localizePath(`/payment/${order.id}/${order.totalCents}`, locale));
  } catch (error) {
    if (error instanceof DomainError) {
      if (error.code.startsWith("discount.") && !(await mayTryCode(clientAddress)))
        return data({ ...posted, figures: null, message: m.checkout.discount.tooManyTries, fields: undefined }, 429);
      return data({ ...posted, figures: null, fields: undefined, ...errorText(error, locale) }, error.status);
    }
    if (error instanceof ApiError && error.status === 429)
      return data({ ...posted, figures: null, message: m.checkout.tooMany, fields: undefined }, 429);
    throw error;
  }
}

/** The discount's lines and what became of the code typed, in the buyer's words. */
function discountFigures(promotion: PromotionChoice | null, locale: Locale) {
  const words = messagesFor(locale).checkout.discount;
  const discounts: { label: string; amountCents: number }[] = [];
  const notes: string[] = [];
  for (const applied of promotion?.applied ?? []) {
    const name = promotion!.promotions.get(applied.promotionId)!;
    if (applied.goodsCents > 0) discounts.push({ label: words.line(name.name), amountCents: applied.goodsCents });
    if (applied.shippingCents > 0)
      discounts.push({ label: words.shippingLine(name.name), amountCents: applied.shippingCents });
    notes.push(name.code ? words.applied(name.code) : words.automatic(name.name));
  }
  if (promotion?.codeReplaced)
    notes.push(words.replaced(promotion.promotions.get(promotion.applied[0]!.promotionId)!.name));
  const refusal = promotion?.codeRefusal ? errorText(refusalError(promotion.codeRefusal), locale).message : undefined;
  return { discounts, discountNote: notes.join(" ") || undefined, discountRefusal: refusal };
}

/**
 * Place order as a guest: the cart (the browser's, or an unverified account's), the guest's details;
 * the order's key in a cookie.
 */
async function placeAsGuest(
  request: Request,
  clientAddress: string,
  input: { cart: CartOwner; delivery: DeliveryForm; guest: GuestValues; discountCode: string; locale: Locale },
) {
  const { cart, delivery, guest, discountCode, locale } = input;
  try {
    await guestPlacing.consume(clientAddress, "guest-checkout");
    const order = await placeGuestOrder({ cart, guest, locale, delivery, clientAddress, discountCode });
    return redirect(localizePath(`/payment/${order.id}/${order.totalCents}`, locale), {
      headers: { "Set-Cookie": guestOrderCookie(order.id, order.key, request.url) },
    });
  } catch (error) {
    if (error instanceof DomainError) {
      if (error.code.startsWith("discount.") && !(await mayTryCode(clientAddress)))
        return data(
          {
            delivery,
            guest,
            discountCode,
            figures: null,
            message: messagesFor(locale).checkout.discount.tooManyTries,
            fields: undefined,
          },
          429,
        );
      const text = errorText(error, locale);
      return data(
        {
          delivery,
          guest,
          discountCode,
          figures: null,
          message: text.message,
          fields: guestFields(text.fields, error.code),
        },
        error.status,
      );
    }
    if (error instanceof ApiError && error.status === 429)
      return data(
        {
          delivery,
          guest,
          discountCode,
          figures: null,
          message: messagesFor(locale).checkout.tooMany,
          fields: undefined,
        },
        429,
      );
    throw error;
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  // The catalogues of the spliced part too: the shared frame preloads them.
  const m = useMessages("checkout", "cart", "account");
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold">{m.checkout.title}</h1>
      <p className="mt-2 text-muted">{m.checkout.intro}</p>
      <PersonalPage<CheckoutPageData> data={loaderData as CheckoutPageData | SplicedPage}>
        {(page) => <CheckoutPage page={page} result={actionData as CheckoutResult | undefined} />}
      </PersonalPage>
    </section>
  );
}
