import { Hono } from "hono";
import { isLocale } from "../../domain/locale.ts";
import { exportAccountData } from "../accounts/data-export.ts";
import { deleteAccount } from "../accounts/privacy.ts";
import { apiUser } from "../auth/session.ts";
import { DomainError } from "../errors.ts";
import { refusal } from "../http/errors.ts";
import { jsonBody } from "../http/json-body.ts";

/** A person's own data (Quebec's Law 25): download it, or delete the account. */
export const accountApi = new Hono();

accountApi.get("/account/data", async (c) => {
  const user = await apiUser(c.req.raw.headers);
  const data = await exportAccountData(user.id);
  return c.body(JSON.stringify(data, null, 2), 200, {
    "content-type": "application/json; charset=utf-8",
    "content-disposition": `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`,
    "cache-control": "no-store",
  });
});

accountApi.post("/account/delete", async (c) => {
  const user = await apiUser(c.req.raw.headers);
  const { email, locale } = await jsonBody(c);
  try {
    await deleteAccount(user.id, email);
  } catch (error) {
    // The account page's own language, sent with the form.
    if (error instanceof DomainError && isLocale(locale)) return refusal(c, error, locale);
    throw error;
  }
  return c.json({ success: true });
});
