import type { Messages } from "../en/index.ts";
import { admin } from "./admin.ts";
import { auth } from "./auth.ts";
import { cart } from "./cart.ts";
import { checkout } from "./checkout.ts";
import { common } from "./common.ts";
import { orders } from "./orders.ts";
import { shell } from "./shell.ts";
import { store } from "./store.ts";

export const fr: Messages = { common, shell, auth, admin, store, cart, checkout, orders };
