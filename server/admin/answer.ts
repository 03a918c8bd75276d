import { data } from "react-router";
import type { AdminAnswer } from "../../domain/admin-answer.ts";
import type { Locale } from "../../domain/locale.ts";
import { DomainError } from "../errors.ts";
import { errorText } from "../http/error-text.ts";
import { ApiError } from "../http/errors.ts";

/** The text of one form field, capped; absent or a file gives "". */
export function formText(form: FormData, name: string, max = 200): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

/**
 * The dialog asks before a delete or a role change; a form posted without it (no JavaScript, or a
 * click before the page ran) gets the same question back, with the fields to post again confirmed.
 * Null when the form was confirmed.
 */
export function askFirst(
  form: FormData,
  question: string,
  fields: Record<string, string> & { intent: string; id: string },
) {
  if (formText(form, "confirmed") === "yes") return null;
  return data<AdminAnswer>({
    intent: fields.intent,
    id: fields.id,
    ok: false,
    message: question,
    confirm: { ...fields, confirmed: "yes" },
  });
}

/**
 * Runs an admin page's one-click change and words its outcome: `work` returns the success notice;
 * a service's refusal comes back in the page's language, with its status.
 */
export async function adminAnswer(intent: string, id: string, locale: Locale, work: () => Promise<string>) {
  try {
    return data<AdminAnswer>({ intent, id, ok: true, message: await work() });
  } catch (error) {
    if (error instanceof DomainError)
      return data<AdminAnswer>({ intent, id, ok: false, message: errorText(error, locale).message }, error.status);
    if (!(error instanceof ApiError)) throw error;
    return data<AdminAnswer>({ intent, id, ok: false, message: error.message }, error.status);
  }
}
