import { admin } from "./admin.ts";
import { auth } from "./auth.ts";
import { checkout } from "./checkout.ts";
import { common } from "./common.ts";
import { orders } from "./orders.ts";
import { shell } from "./shell.ts";

export const en = { common, shell, auth, admin, checkout, orders };
export type Messages = typeof en;
