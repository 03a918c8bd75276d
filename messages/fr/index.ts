import type { Messages } from "../en/index.ts";
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
import { portfolioAdmin } from "./portfolioAdmin.ts";
import { about } from "./about.ts";
import { contact } from "./contact.ts";
import { errors } from "./errors.ts";
import { legal } from "./legal.ts";
import { quote } from "./quote.ts";
import { quoteAdmin } from "./quoteAdmin.ts";
import { settings } from "./settings.ts";
import { account } from "./account.ts";
import { fulfilment } from "./fulfilment.ts";
import { dashboard } from "./dashboard.ts";
import { customers } from "./customers.ts";
import { notices } from "./notices.ts";
import { orderFilters } from "./orderFilters.ts";
import { faqAdmin } from "./faqAdmin.ts";
import { homeAdmin } from "./homeAdmin.ts";
import { pagesAdmin } from "./pagesAdmin.ts";
import { discountsAdmin } from "./discountsAdmin.ts";
import { firstSteps } from "./firstSteps.ts";
import { emails } from "./emails.ts";

export const fr: Messages = {
  common,
  shell,
  auth,
  admin,
  store,
  cart,
  checkout,
  orders,
  home,
  services,
  portfolio,
  portfolioAdmin,
  about,
  contact,
  errors,
  legal,
  quote,
  quoteAdmin,
  settings,
  account,
  fulfilment,
  dashboard,
  customers,
  notices,
  orderFilters,
  faqAdmin,
  homeAdmin,
  pagesAdmin,
  discountsAdmin,
  firstSteps,
  emails,
};
