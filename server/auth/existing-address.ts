import { APIError, createAuthMiddleware } from "better-auth/api";
import { sendExistingAccountMail } from "../accounts/account-mail.ts";

/**
 * After a sign-up refused because the address already has an account: the owner of that address
 * is e-mailed the ways in (decision 045). The answer itself is better-auth's, unchanged.
 */
export const tellExistingAccountOwner = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== "/sign-up/email") return;
  const refused = ctx.context.returned;
  if (!(refused instanceof APIError) || refused.body?.code !== "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") return;
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== "string") return;
  const found = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
  if (found) await sendExistingAccountMail(found.user, ctx.request);
});
