import { data } from "react-router";
import type { Route } from "./+types/order";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { OrderPage } from "~/features/orders/order-page";
import { PersonalPage, type SplicedPage } from "~/features/shell/personal-slot";
import type { GuestDataOutcome } from "~/features/orders/guest-data";
import type { ConversationOutcome } from "~/features/orders/conversation";
import { localeFromPath, type Locale } from "../../domain/locale.ts";
import { messagesFor } from "../../messages/messages.server.ts";
import { getSessionUser, requirePageUser } from "../../server/auth/session.ts";
import { buyerParty } from "../../server/conversations/access.ts";
import { postMessage } from "../../server/conversations/post-message.ts";
import { answerApproval } from "../../server/conversations/approval.ts";
import { readConversation } from "../../server/conversations/read-conversation.ts";
import { DomainError } from "../../server/errors.ts";
import { errorText } from "../../server/http/error-text.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { sharedPageContext } from "../../server/http/shared-pages.ts";
import { guestOrderCookie, guestOrderOf, keyOpensOrder } from "../../server/orders/access-keys.ts";
import { eraseGuestDetails } from "../../server/orders/guest-privacy.ts";
import { orderContact } from "../../server/orders/contact.ts";
import { orderPageData } from "../../server/orders/order-page.ts";
import { mayViewOrder } from "../../server/orders/queries.ts";

export const meta = (args: Route.MetaArgs) => [
  ...pageTitle(args, "orders", (m) => m.orders.orderTitle(args.params.id ?? "")),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  if (context.get(sharedPageContext)) return { personalSpliced: true } satisfies SplicedPage;
  // A guest's link (?key=…) opens its order, and only that one; a wrong key is a missing order.
  // This browser's cookie opens the guest order it placed or opened by its link, without the key in the address.
  const cookie = url.searchParams.has("key") ? null : await guestOrderOf(request.headers);
  const key = cookie?.orderId === params.id ? cookie.key : url.searchParams.get("key");
  if (key !== null && !(await keyOpensOrder(params.id, key))) throw data(null, { status: 404 });
  const user = key === null ? await requirePageUser(request) : null;
  const shown = await orderPageData(params.id, localeFromPath(url.pathname));
  // Owner or admin; anyone else sees the same page as for an order that does not exist.
  if (!shown || (user && !mayViewOrder(shown.order, user))) throw data(null, { status: 404 });
  // The conversation is the buyer's (an admin reads it on the admin's page of the order).
  const party = await buyerParty(shown.order.id, { user, key });
  const page = {
    ...shown,
    accessKey: key,
    isOwner: user ? shown.order.userId === user.id : true,
    buyerEmail: (await orderContact(shown.order.id))?.email ?? "",
    conversation: party ? await readConversation(shown.order.id, party) : null,
  };
  // The browser that opened the link may pay for the order (the payment pages read this cookie).
  return key === null || cookie?.orderId === params.id
    ? page
    : data(page, { headers: { "Set-Cookie": guestOrderCookie(shown.order.id, key, request.url) } });
}

/**
 * A guest's "Erase my details" (Law 25), posted by a plain form from the page opened by the order's
 * link: the key (the form's, or the address's) opens the order or it is a missing one; the answer
 * is in the buyer's language.
 */
export async function action({ request, params, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  const locale = localeFromPath(url.pathname);
  const m = messagesFor(locale);
  const form = await request.formData();
  const key = form.get("key") || url.searchParams.get("key");
  if (CONVERSATION_INTENTS.includes(String(form.get("intent"))))
    return messageAction(request, params.id, form, key || null, locale);
  if (!(await keyOpensOrder(params.id, key))) throw data(null, { status: 404 });
  const answer = (ok: boolean, message: string, status = 200) => data<GuestDataOutcome>({ ok, message }, status);
  if (form.get("intent") !== "erase-details") return answer(false, m.errors["cart.invalid_request"], 400);
  if (form.get("confirm") !== "on") return answer(false, m.orders.guestData.confirmRequired, 400);
  try {
    await eraseGuestDetails(params.id);
  } catch (error) {
    if (error instanceof DomainError) return answer(false, errorText(error, locale).message, error.status);
    throw error;
  }
  return answer(true, m.orders.guestData.erased);
}

const CONVERSATION_INTENTS = ["message", "approve", "request-change"];

/**
 * A message from the order's buyer (or their answer to the studio's request for approval): the signed-in owner, or whoever holds its key (the form's or
 * the address's); anyone else finds no order. A refused message comes back with its text.
 */
async function messageAction(request: Request, orderId: string, form: FormData, key: unknown, locale: Locale) {
  const user = key === null ? await getSessionUser(request.headers) : null;
  const party = await buyerParty(orderId, { user, key });
  if (!party) throw data(null, { status: 404 });
  const body = form.get("body");
  const answer = (ok: boolean, message: string, status = 200) =>
    data<ConversationOutcome>({ conversation: true, ok, message, body: typeof body === "string" ? body : "" }, status);
  const m = messagesFor(locale).orders.conversation;
  const intent = form.get("intent");
  try {
    if (intent === "approve") await answerApproval(orderId, party, "approved", body);
    else if (intent === "request-change") await answerApproval(orderId, party, "change_requested", body);
    else await postMessage(orderId, party, body);
  } catch (error) {
    if (error instanceof DomainError) return answer(false, errorText(error, locale).message, error.status);
    throw error;
  }
  return answer(true, intent === "approve" ? m.approvedDone : intent === "request-change" ? m.changeSent : m.sent);
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  // Read here too: the shared frame preloads what the spliced page part needs.
  useMessages("orders", "fulfilment");
  return <PersonalPage data={loaderData}>{(page) => <OrderPage page={page} outcome={actionData} />}</PersonalPage>;
}
