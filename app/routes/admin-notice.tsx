import { data, redirect } from "react-router";
import type { Route } from "./+types/admin-notice";
import { messagesFor } from "../../messages/messages.server.ts";
import { localeFromPath, localizePath } from "../../domain/locale.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { markStudioEventRead } from "../../server/notices/events.ts";

/**
 * Opening a notice from the admin's list: it is marked read for this admin (only their own read
 * state changes, and again changes nothing), then the page it is about opens.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const admin = await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : null;
  const opened = id !== null && id <= 2_147_483_647 ? await markStudioEventRead(admin.id, id) : null;
  if (!opened) throw data(messagesFor(locale).notices.list.gone, 404);
  throw redirect(localizePath(opened.link ?? "/admin/notices", locale));
}
