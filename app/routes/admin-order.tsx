import { refundRequestFromForm } from "../../domain/refund-form.ts";
import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/admin-order";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { CancelOrderDialog } from "~/features/orders/cancel-order-dialog";
import { OrderHistory } from "~/features/orders/order-history";
import { useFormatters } from "~/features/orders/format";
import { OrderContents } from "~/features/orders/order-contents";
import { StatusBadge } from "~/features/orders/order-parts";
import { Conversation, type ConversationOutcome } from "~/features/orders/conversation";
import { studioParty } from "../../server/conversations/access.ts";
import { postMessage } from "../../server/conversations/post-message.ts";
import { askForApproval, awaitingApproval } from "../../server/conversations/approval.ts";
import { readConversation } from "../../server/conversations/read-conversation.ts";
import { messagesFor } from "../../messages/messages.server.ts";
import { localeFromPath, type Locale } from "../../domain/locale.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { errorText } from "../../server/http/error-text.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import {
  cancelOrderAsAdmin,
  FULFILMENT_METHODS,
  fulfilOrder,
  type FulfilmentMethod,
} from "../../server/orders/fulfil-or-cancel.ts";
import { orderDetailForAdmin } from "../../server/orders/queries.ts";
import { orderCustomParts } from "../../server/orders/custom-parts.ts";
import { advanceFulfilment, HANDOVER_STEPS, loadOrderDelivery, nextSteps } from "../../server/orders/fulfilment.ts";
import { openDispute } from "../../server/orders/stripe-money-events.ts";
import { CARRIER_NAMES, CARRIERS } from "../../domain/carriers.ts";
import { formatMoney } from "../../domain/money.ts";
import { RefundConfirm, RefundForm, type RefundConfirmation } from "~/features/orders/refund-parts";
import { DomainError } from "../../server/errors.ts";
import {
  orderRefunds,
  pendingRefundCents,
  previewRefund,
  refundableForAdmin,
  refundOrder,
} from "../../server/orders/refunds.ts";

export const meta = (args: Route.MetaArgs) =>
  pageTitle(args, "orders", (m) => m.orders.orderTitle(args.params.id ?? ""));

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const admin = await requirePageAdmin(request);
  const order = await orderDetailForAdmin(params.id);
  if (!order) throw data(null, { status: 404 });
  const delivery = await loadOrderDelivery(order.id, localeFromPath(url.pathname));
  // While a refund waits for the provider's answer, the order may still be cancelled: nothing else is offered.
  const refundPendingCents = await pendingRefundCents(order.id);
  // A disputed payment holds the order: nothing is handed over until the dispute closes.
  const dispute = await openDispute(order.id);
  const steps = (
    delivery && refundPendingCents === 0 ? nextSteps(delivery.method, order.status, delivery.fulfilmentStatus) : []
  ).filter((step) => !dispute || !HANDOVER_STEPS.includes(step));
  const locale = localeFromPath(url.pathname);
  const refundable =
    (order.status === "paid" || order.status === "fulfilled") && order.paymentReference && refundPendingCents === 0
      ? await refundableForAdmin(order.id)
      : null;
  return {
    order,
    delivery,
    steps,
    customParts: await orderCustomParts(order),
    refunds: await orderRefunds(order.id, locale),
    refundable,
    refundPendingCents,
    conversation: await readConversation(order.id, { side: "studio", staffUserId: admin.id }),
    // The steps that hand the order over, while the buyer's approval is awaited: each asks first.
    askBeforeHandover: (await awaitingApproval(order.id)) ? [...HANDOVER_STEPS] : [],
    dispute: dispute ? { amountCents: dispute.amountCents, dueBy: dispute.dueBy?.toISOString() ?? null } : null,
  };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requirePageAdmin(request);
  const messages = messagesFor(localeFromPath(url.pathname));
  const m = messages.orders;
  const form = await request.formData();
  if (form.get("intent") === "message" || form.get("intent") === "ask-approval")
    return messageAction(params.id, admin, form, localeFromPath(url.pathname));
  // Handing over a part the buyer has not approved is refused by the workflow, unless this box is ticked (081).
  const withoutApproval = form.get("withoutApproval") === "on";
  const note = String(form.get("note") ?? "");
  try {
    if (form.get("intent") === "advance") {
      // The delivery's next step (decision 029); older orders without a delivery use "fulfil" below.
      await advanceFulfilment(params.id, admin.id, String(form.get("step") ?? ""), {
        carrier: String(form.get("carrier") ?? ""),
        trackingNumber: String(form.get("trackingNumber") ?? ""),
        note,
        withoutParts: form.get("withoutParts") === "on",
        withoutApproval,
      });
    } else if (form.get("intent") === "fulfil") {
      const method = String(form.get("method") ?? "");
      if (!FULFILMENT_METHODS.includes(method as FulfilmentMethod))
        return data({ ok: false, message: m.fulfilment }, 400);
      await fulfilOrder(params.id, admin.id, method as FulfilmentMethod, note, { withoutApproval });
    } else if (form.get("intent") === "refund") {
      return await refundAction(params.id, admin.id, form, localeFromPath(url.pathname));
    } else if (form.get("intent") === "cancel") {
      if (form.get("confirmed") !== "yes") {
        const order = await orderDetailForAdmin(params.id);
        if (order?.status === "paid") {
          const left = await refundableForAdmin(order.id);
          return askToConfirm(form, { amountCents: left.amountCents, leftCents: left.amountCents, stock: "cancel" });
        }
      }
      await cancelOrderAsAdmin(params.id, admin.id, note, {
        cancelStartedParts: form.get("cancelStartedParts") === "on",
      });
    } else {
      return data({ ok: false, message: m.changeFailed }, 400);
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === "order.not_found") throw data(null, { status: 404 });
    // On this page, the words that point at its box.
    if (error.code === "order.awaiting_approval")
      return data({ ok: false, message: messages.orders.conversation.approvalFirst }, error.status);
    return data({ ok: false, message: errorText(error, localeFromPath(url.pathname)).message }, error.status);
  }
  return { ok: true, message: m.changed };
}

/** A message from the studio, written by this staff member; a refused one comes back with its text. */
async function messageAction(orderId: string, admin: { id: string; role: string }, form: FormData, locale: Locale) {
  const party = await studioParty(orderId, { user: admin, key: null });
  if (!party) throw data(null, { status: 404 });
  const body = form.get("body");
  const answer = (ok: boolean, message: string, status = 200) =>
    data<ConversationOutcome>({ conversation: true, ok, message, body: typeof body === "string" ? body : "" }, status);
  const m = messagesFor(locale).orders.conversation;
  const asking = form.get("intent") === "ask-approval";
  try {
    if (asking) await askForApproval(orderId, party, body);
    else await postMessage(orderId, party, body);
  } catch (error) {
    if (error instanceof DomainError) return answer(false, errorText(error, locale).message, error.status);
    throw error;
  }
  return answer(true, asking ? m.approvalAsked : m.sent);
}

async function refundAction(orderId: string, adminId: string, form: FormData, locale: Locale) {
  const messages = messagesFor(locale);
  const order = await orderDetailForAdmin(orderId);
  if (!order) throw data(null, { status: 404 });
  const refused = (error: DomainError) => {
    const text = errorText(error, locale);
    return data({ ok: false, message: text.message, fields: text.fields }, error.status);
  };
  const parsed = refundRequestFromForm(
    form,
    order.lines.map((line) => line.id),
  );
  if ("code" in parsed) return refused(new DomainError(parsed.code, { field: parsed.field }));
  const restock = form.get("restock") === "on";
  try {
    // Nothing moves until the admin has seen the amount, the card and the stock, and said yes.
    if (form.get("confirmed") !== "yes") {
      const preview = await previewRefund(orderId, parsed.request);
      const unitsBack = restock && parsed.request.kind === "lines" && parsed.request.lines.length > 0;
      return askToConfirm(form, { ...preview, stock: unitsBack ? "back" : "kept" });
    }
    const leftText = String(form.get("leftCents") ?? "");
    const done = await refundOrder(orderId, adminId, {
      request: parsed.request,
      restock,
      reason: String(form.get("reason") ?? ""),
      cancelStartedParts: form.get("cancelStartedParts") === "on",
      leftCents: /^\d{1,12}$/.test(leftText) ? Number(leftText) : undefined,
    });
    return { ok: true, message: messages.orders.refund.done(formatMoney(done.amountCents, order.currency, locale)) };
  } catch (error) {
    if (error instanceof DomainError) return refused(error);
    throw error;
  }
}

/** The refund's confirmation step: what the admin asked for, posted again with `confirmed` once they say yes. */
function askToConfirm(
  form: FormData,
  refund: Omit<RefundConfirmation, "fields">,
): { ok: true; confirm: RefundConfirmation } {
  const fields: Record<string, string> = {};
  for (const [name, value] of form)
    if (typeof value === "string" && name !== "confirmed" && name !== "leftCents") fields[name] = value;
  return {
    ok: true,
    confirm: { ...refund, fields: { ...fields, leftCents: String(refund.leftCents), confirmed: "yes" } },
  };
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const m = useMessages("orders", "fulfilment");
  const f = useFormatters();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { order, delivery, steps } = loaderData;
  const paidCard = order.payments.find((payment) => payment.id === order.paymentReference)?.card ?? null;
  const t = m.fulfilment;
  const stepLabels = {
    packed: t.markPacked,
    shipped: t.markShipped,
    delivered: t.markDelivered,
    ready_for_pickup: t.markReady,
    picked_up: t.markPickedUp,
  };
  const canCancel = (order.status === "pending" || order.status === "paid") && loaderData.refundPendingCents === 0;
  const partsUnfinished = loaderData.customParts.some(
    (part) => part.productionStatus !== null && part.productionStatus !== "done",
  );

  return (
    <section className="space-y-6">
      <LocalizedLink to="/admin/orders" className="text-sm font-semibold text-accent underline">
        ← {m.orders.backToOrders}
      </LocalizedLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{m.orders.orderTitle(order.id)}</h1>
        <StatusBadge status={order.status} />
      </div>
      {result && "confirm" in result && (
        <RefundConfirm confirm={result.confirm} currency={order.currency} card={paidCard} />
      )}
      {result && "message" in result && !("conversation" in result) && (
        <p
          role={result.ok ? "status" : "alert"}
          className={
            result.ok ? "rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-success" : "alert-error"
          }
        >
          {result.message}
        </p>
      )}

      <dl className="card grid gap-2 sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold">{m.orders.buyer}</dt>
        <dd>
          {order.buyer.email ? (
            <>
              {order.buyer.name} ·{" "}
              <a className="text-accent underline" href={`mailto:${order.buyer.email}`}>
                {order.buyer.email}
              </a>
              {order.buyer.phone && (
                <>
                  {" "}
                  ·{" "}
                  <a className="text-accent underline" href={`tel:${order.buyer.phone}`}>
                    {order.buyer.phone}
                  </a>
                </>
              )}
            </>
          ) : (
            m.orders.buyerErased
          )}
          {!order.buyer.accountId && <span className="block text-muted">{m.orders.guestBuyer}</span>}
        </dd>
        <dt className="font-semibold">{m.orders.placedOn}</dt>
        <dd>{f.dateTime(order.createdAt)}</dd>
        {order.paidAt && (
          <>
            <dt className="font-semibold">{m.orders.paidOn}</dt>
            <dd>{f.dateTime(order.paidAt)}</dd>
          </>
        )}
        <dt className="font-semibold">{m.orders.paymentReference}</dt>
        <dd className="font-mono break-all">{order.paymentReference ?? "—"}</dd>
        <dt className="font-semibold">{m.orders.total}</dt>
        <dd className="font-semibold tabular-nums">{f.money(order.totalCents, order.currency)}</dd>
      </dl>

      <OrderContents
        order={order}
        customParts={loaderData.customParts}
        refunds={loaderData.refunds}
        delivery={delivery}
        forAdmin
        beforeDelivery={
          loaderData.refundable &&
          loaderData.refundable.amountCents > 0 && (
            <RefundForm
              lines={order.lines}
              currency={order.currency}
              left={loaderData.refundable}
              offerRestock={
                order.lines.length > 0 &&
                order.status === "paid" &&
                !["shipped", "delivered", "picked_up"].includes(delivery?.fulfilmentStatus ?? "")
              }
              result={result && "message" in result && !("conversation" in result) ? result : undefined}
              busy={busy}
            />
          )
        }
      />
      {loaderData.refundPendingCents > 0 && (
        <p role="status" className="rounded-lg border border-warning/40 bg-warning/10 px-4 py-3">
          {m.orders.refund.pending(f.money(loaderData.refundPendingCents, order.currency))}
        </p>
      )}
      {loaderData.dispute && (
        <p role="status" className="rounded-lg border border-warning/40 bg-warning/10 px-4 py-3">
          {m.orders.refund.disputed(
            f.money(loaderData.dispute.amountCents, order.currency),
            loaderData.dispute.dueBy ? f.dateTime(loaderData.dispute.dueBy) : null,
          )}
        </p>
      )}
      {order.paidAt && (
        <p className="flex flex-wrap gap-3">
          <LocalizedLink to={`/admin/orders/${order.id}/packing-slip`} className="btn btn-secondary">
            {t.invoice.packingLink}
          </LocalizedLink>
          <LocalizedLink to={`/orders/${order.id}/invoice`} className="btn btn-secondary">
            {t.invoice.link}
          </LocalizedLink>
        </p>
      )}

      {delivery && steps.length > 0 && (
        <div className="card space-y-4">
          <h2 className="text-xl font-bold">{t.nextStep}</h2>
          {delivery.fulfilmentStatus && <p>{t.steps[delivery.fulfilmentStatus]}</p>}
          {steps.map((step) =>
            step === "shipped" ? (
              <Form key={step} method="post" className="space-y-3 border-t border-border pt-3">
                <input type="hidden" name="intent" value="advance" />
                <input type="hidden" name="step" value="shipped" />
                {partsUnfinished && <WithoutPartsBox />}
                {loaderData.askBeforeHandover.includes("shipped") && <WithoutApprovalBox />}
                <div className="grid gap-3 sm:grid-cols-2">
                  <div>
                    <label htmlFor="carrier" className="field-label">
                      {t.carrier}
                    </label>
                    <select id="carrier" name="carrier" className="field-input" defaultValue="" required>
                      <option value="">{t.chooseCarrier}</option>
                      {CARRIERS.map((carrier) => (
                        <option key={carrier} value={carrier}>
                          {CARRIER_NAMES[f.locale][carrier]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label htmlFor="tracking" className="field-label">
                      {t.trackingNumber}
                    </label>
                    <input
                      id="tracking"
                      name="trackingNumber"
                      className="field-input"
                      maxLength={60}
                      required
                      autoComplete="off"
                    />
                  </div>
                </div>
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {t.markShipped}
                </button>
              </Form>
            ) : (
              <Form key={step} method="post" className="border-t border-border pt-3">
                <input type="hidden" name="intent" value="advance" />
                <input type="hidden" name="step" value={step} />
                {partsUnfinished && step === "ready_for_pickup" && <WithoutPartsBox />}
                {loaderData.askBeforeHandover.includes(step) && <WithoutApprovalBox />}
                <button type="submit" className="btn btn-secondary" disabled={busy}>
                  {stepLabels[step]}
                </button>
              </Form>
            ),
          )}
        </div>
      )}

      {!delivery && order.status === "paid" && (
        <Form method="post" className="card space-y-4">
          <input type="hidden" name="intent" value="fulfil" />
          {loaderData.askBeforeHandover.length > 0 && <WithoutApprovalBox />}
          <fieldset>
            <legend className="field-label">{m.orders.fulfilment}</legend>
            <div className="flex flex-wrap gap-4">
              <label className="flex items-center gap-2">
                <input type="radio" name="method" value="shipped" defaultChecked /> {m.orders.shipped}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="method" value="picked_up" /> {m.orders.pickedUp}
              </label>
            </div>
          </fieldset>
          <div>
            <label htmlFor="fulfil-note" className="field-label">
              {m.orders.note}
            </label>
            <textarea id="fulfil-note" name="note" rows={2} maxLength={500} className="field-input" />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {m.orders.markFulfilled}
          </button>
        </Form>
      )}

      {canCancel && (
        <CancelOrderDialog
          status={order.status}
          currency={order.currency}
          refundableCents={loaderData.refundable?.amountCents ?? null}
          card={paidCard}
          partsStarted={loaderData.customParts.some(
            (part) => part.productionStatus !== null && part.productionStatus !== "queued",
          )}
        />
      )}

      <Conversation
        messages={loaderData.conversation}
        side="studio"
        outcome={result && "conversation" in result ? (result as ConversationOutcome) : undefined}
      />

      <OrderHistory events={order.events} />

      <div className="card">
        <h2 className="text-xl font-bold">{m.orders.payments}</h2>
        {order.payments.length === 0 ? (
          <p className="mt-2 text-muted">{m.orders.noPayments}</p>
        ) : (
          <ul className="mt-4 space-y-2 text-sm">
            {order.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap gap-x-3">
                <span className="font-mono break-all">{payment.id}</span>
                <span title={m.orders.provider}>{payment.provider}</span>
                <span className="font-semibold">{payment.status}</span>
                {payment.failureReason && <span className="text-danger">{payment.failureReason}</span>}
                <span className="tabular-nums">{f.money(payment.amountCents, payment.currency.toUpperCase())}</span>
                <span className="text-muted">{f.dateTime(payment.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Shipping waits for the order's custom parts; the admin may send it without them, and it is recorded. */
function WithoutPartsBox() {
  const m = useMessages("orders");
  return (
    <label className="flex items-start gap-2">
      <input type="checkbox" name="withoutParts" className="mt-1" />
      <span>{m.orders.withoutParts}</span>
    </label>
  );
}

/** The buyer has not answered the studio's request for approval: handing over asks the admin first. */
function WithoutApprovalBox() {
  const m = useMessages("orders");
  return (
    <label className="flex items-start gap-2">
      <input type="checkbox" name="withoutApproval" className="mt-1" />
      <span>{m.orders.conversation.withoutApproval}</span>
    </label>
  );
}
