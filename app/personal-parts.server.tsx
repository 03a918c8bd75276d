import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
  useLoaderData,
  useLocation,
  type LoaderFunction,
  type RouterContextProvider,
} from "react-router";
import { stripLocale } from "../domain/locale.ts";
import { PERSONAL_DATA_ID, type PersonalParts } from "../domain/personal-slots.ts";
import { CartContents } from "./features/cart/cart-contents";
import { CartControl } from "./features/cart/cart-control";
import { CartNotices } from "./features/cart/cart-notices";
import { useMessages } from "./features/i18n/use-locale";
import { ProfilePage, type ProfilePageData } from "./features/account/profile-page";
import { CheckoutPage, type CheckoutPageData } from "./features/checkout/checkout-page";
import { OrderPage, type OrderPageProps } from "./features/orders/order-page";
import { UserMenu } from "./features/shell/user-menu";
import { loader as rootLoader } from "./root";
import { loader as checkoutLoader } from "./routes/checkout";
import { loader as orderLoader } from "./routes/order";
import { loader as profileLoader } from "./routes/profile";

/**
 * A person's parts of a shared page (decision 060), rendered by the same components as the whole
 * page, with the root loader's data for this request, so that the browser hydrates them as if the
 * page had been rendered for them alone.
 */

const CUT = '<hr data-cut="personal"/>';

/**
 * Reading a catalogue modulepreloads it, and renderToString writes those links where the first
 * reader is: they are read here first, before the parts, and left out (the shared page has them).
 */
function Catalogues() {
  useMessages("common", "shell", "cart", "store", "orders", "fulfilment", "auth", "account", "quote", "checkout");
  return null;
}

/**
 * A buyer's own page whose content is theirs, rendered here and spliced into the shared frame: the
 * cart's (the root's data), or a page route's below.
 */
function PagePart() {
  return stripLocale(useLocation().pathname) === "/cart" ? <CartContents outcome={undefined} /> : <Outlet />;
}

function NoPagePart() {
  return null;
}

function OrderPart() {
  return <OrderPage page={useLoaderData<OrderPageProps>()} />;
}

function CheckoutPart() {
  return <CheckoutPage page={useLoaderData<CheckoutPageData>()} />;
}

function ProfilePart() {
  return <ProfilePage page={useLoaderData<ProfilePageData>()} />;
}

/** The buyer's own pages with a loader of their own, under each language's prefix (their ids name the page data). */
const PAGE_ROUTES = ["", "fr/"].flatMap((prefix) => [
  { id: `page:${prefix}orders`, path: `${prefix}orders/:id`, loader: orderLoader, Component: OrderPart },
  { id: `page:${prefix}profile`, path: `${prefix}profile`, loader: profileLoader, Component: ProfilePart },
  { id: `page:${prefix}checkout`, path: `${prefix}store/checkout`, loader: checkoutLoader, Component: CheckoutPart },
]);

function Parts() {
  return (
    <>
      <Catalogues />
      <hr data-cut="personal" />
      <UserMenu />
      <hr data-cut="personal" />
      <CartControl />
      <hr data-cut="personal" />
      <CartNotices />
      <hr data-cut="personal" />
      <PagePart />
    </>
  );
}

// The root matches every address, so that links and the language read the page's own.
const handler = createStaticHandler([
  {
    id: "root",
    path: "/",
    loader: rootLoader as unknown as LoaderFunction,
    Component: Parts,
    children: [...(PAGE_ROUTES as { id: string; path: string }[]), { path: "*", Component: NoPagePart }],
  },
]);

/** JSON inside a <script>: nothing in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export async function renderPersonalParts(
  request: Request,
  context: RouterContextProvider,
): Promise<PersonalParts | null> {
  const result = await handler.query(request, { requestContext: context });
  if (result instanceof Response || result.errors) return null;
  const html = renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} hydrate={false} />,
  );
  const [, account, cart, notices, page] = html.split(CUT);
  if (account === undefined || cart === undefined || notices === undefined || page === undefined) return null;
  // A link left in a part (a catalogue not read by Catalogues) would not hydrate: render whole.
  if ([account, cart, notices, page].some((part) => part.includes("<link"))) return null;
  const { user, cart: cartView } = result.loaderData.root as Awaited<ReturnType<typeof rootLoader>>;
  const pageRoute = result.matches.at(-1)!.route.id;
  const pageData = pageRoute === "root" ? undefined : result.loaderData[pageRoute];
  const data = `<script type="application/json" id="${PERSONAL_DATA_ID}">${scriptJson({ user, cart: cartView, page: pageData })}</script>`;
  return { account, cart, notices, data, page };
}
