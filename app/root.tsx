import { useContext } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { readMessages } from "./i18n/catalogue";
import { localeFromPath } from "../domain/locale.ts";
import { wantsFrench } from "../domain/first-visit-language.ts";
import { readCookie, THEME_COOKIE, themeFrom } from "../domain/preferences.ts";
import { getSessionUser } from "../server/auth/session.ts";
import { readCart } from "../server/cart/cart.ts";
import { cartOwnerOf } from "../server/cart/http.ts";
import { orderAwaitingPayment } from "../server/orders/awaiting-payment.ts";
import { config } from "../server/config.ts";
import { publicStudioIdentity } from "../server/settings/studio-identity.ts";
import { sharedPageContext } from "../server/http/shared-pages.ts";
import { shouldRevalidateAfterCheckoutFigures } from "./lib/checkout-revalidation";
import { HydrateAfterLoad } from "./lib/hydrate-after-load";
import { RequestReferenceText, useRequestReference } from "./lib/request-reference";
import { moneyFormats, rememberMoneyFormats } from "../domain/money.ts";
import { PersonalDataElement, PersonalSlot, SharedRender, splicedPersonalData } from "./features/shell/personal-slot";
import "./app.css";

export const shouldRevalidate = shouldRevalidateAfterCheckoutFigures;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const cookie = request.headers.get("cookie");
  if (url.pathname === "/" && wantsFrench(request.headers)) throw redirect("/fr");
  const user = await getSessionUser(request.headers);
  return {
    locale: localeFromPath(url.pathname),
    theme: themeFrom(readCookie(cookie, THEME_COOKIE)),
    user,
    // The header's count and the drawer are rendered from it, on every page, with the order its
    // lines now sit in while that order awaits payment.
    cart: {
      ...(await readCart(cartOwnerOf(request, user))),
      awaitingPayment: user ? await orderAwaitingPayment(user.id) : null,
    },
    studio: await publicStudioIdentity(),
    currency: config.currency,
    money: moneyFormats(config.currency),
    publicUrl: config.publicUrl,
    // Rendered for everybody (decision 060): `user` and `cart` are an anonymous visitor's, and the
    // person's own are spliced into the page by the server.
    personalSpliced: context.get(sharedPageContext),
  };
}

type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  const sharedRender = useContext(SharedRender);
  if (!data) throw new Error("The root loader has not run");
  if (!data.personalSpliced || sharedRender) return data;
  return { ...data, ...splicedPersonalData<Pick<RootData, "user" | "cart">>() };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // Before anything on the page formats a price: the browser then needs no Intl currency data.
  if (data) rememberMoneyFormats(data.currency, data.money);
  return (
    <html lang={data?.locale ?? "en"} data-theme={data?.theme ?? "system"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {data?.personalSpliced && (
          <PersonalSlot name="data">
            <PersonalDataElement />
          </PersonalSlot>
        )}
        <ScrollRestoration />
        <HydrateAfterLoad />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const locale = localeFromPath(useLocation().pathname);
  const m = readMessages(locale, ["common"]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const reference = useRequestReference();
  return (
    <main id="main" className="mx-auto max-w-2xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? m.common.notFoundTitle : m.common.errorTitle}</h1>
      <p className="mt-4 text-muted">{notFound ? m.common.notFoundText : m.common.errorText}</p>
      {!notFound && reference && <RequestReferenceText label={m.common.errorReference} reference={reference} />}
      <a className="btn btn-primary mt-8" href={locale === "fr" ? "/fr" : "/"}>
        {m.common.backHome}
      </a>
    </main>
  );
}
