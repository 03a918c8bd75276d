import { admin } from "./admin.ts";
import { auth } from "./auth.ts";
import { common } from "./common.ts";
import { shell } from "./shell.ts";

export const en = { common, shell, auth, admin };
export type Messages = typeof en;
