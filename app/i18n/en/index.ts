import { admin } from "./admin.ts";
import { auth } from "./auth.ts";
import { cart } from "./cart.ts";
import { checkout } from "./checkout.ts";
import { common } from "./common.ts";
import { orders } from "./orders.ts";
import { shell } from "./shell.ts";
import { store } from "./store.ts";
import { home } from "./home.ts";
import { services } from "./services.ts";
import { portfolio } from "./portfolio.ts";
import { about } from "./about.ts";
import { contact } from "./contact.ts";
import { settings } from "./settings.ts";
import { account } from "./account.ts";
import { fulfilment } from "./fulfilment.ts";

export const en = { common, shell, auth, admin, store, cart, checkout, orders, home, services, portfolio, about, contact, settings, account, fulfilment };
export type Messages = typeof en;
