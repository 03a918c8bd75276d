import { data, Form } from "react-router";
import type { Route } from "./+types/admin-notices";
import { DataTable, type DataColumn } from "~/features/admin/data-table";
import { formatDateTime } from "~/features/admin/format";
import { AdminHeader, AnswerNotice, Badge, Notice } from "~/features/admin/ui";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "../../messages/messages.server.ts";
import type { AdminAnswer } from "../../domain/admin-answer.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { formatMoney } from "../../domain/money.ts";
import { BACKUP_OVERDUE, noticesPage, type StudioEventView } from "../../domain/studio-notices.ts";
import { adminAnswer, formText } from "../../server/admin/answer.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { listStudioEvents, markAllStudioEventsRead, STUDIO_EVENTS_PAGE_SIZE } from "../../server/notices/events.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "notices", (m) => m.notices.list.title);

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requirePageAdmin(request);
  const page = noticesPage(url.searchParams.get("page"));
  if (page === null) {
    const problem = messagesFor(localeFromPath(url.pathname)).notices.list.badPage;
    return data({ events: [], total: 0, unread: 0, page: 1, pages: 1, problem }, 400);
  }
  const listed = await listStudioEvents(admin.id, page);
  const pages = Math.max(1, Math.ceil(listed.total / STUDIO_EVENTS_PAGE_SIZE));
  return { ...listed, page, pages, problem: null };
}

/** "Mark all as read", for this admin only. */
export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const form = await request.formData();
  return adminAnswer(formText(form, "intent"), "", locale, async () => {
    await markAllStudioEventsRead(admin.id);
    return messagesFor(locale).notices.list.allRead;
  });
}

export default function AdminNotices({ loaderData, actionData }: Route.ComponentProps) {
  const { events, unread, page, pages, problem } = loaderData;
  const locale = useLocale();
  const m = useMessages("notices").notices;
  const l = m.list;
  const reasons = m.mail.quoteReview;
  const money = (amount: StudioEventView["amount"]) =>
    amount ? formatMoney(amount.cents, amount.currency, locale) : "";
  const title = (event: StudioEventView) => {
    const file = event.fileName ?? l.aCustomPrint;
    switch (event.kind) {
      case "paid_order":
        return l.paidOrder(event.orderId ?? "", money(event.amount));
      case "quote_request":
        return l.quoteRequest(file);
      case "quote_review":
        return l.quoteReview(file, reasons.reasons[event.failureCode ?? ""] ?? reasons.otherReason);
      case "refund_failed":
        return l.refundFailed(event.orderId ?? "", money(event.amount));
      case "low_stock":
        return l.lowStock(event.itemName?.[locale] ?? l.anItem, event.stock ?? 0);
      case "processor_money":
        return l.processorMoney[event.moneyMove ?? "refunded"](
          event.orderId ?? "",
          money(event.amount),
          event.dueBy ? formatDateTime(event.dueBy, locale) : undefined,
        );
      case "backup_failed":
        return event.failureCode === BACKUP_OVERDUE ? l.backupOverdue : l.backupFailed;
      case "buyer_message":
        return l.buyerMessage(event.orderId ?? "");
    }
  };
  const columns: DataColumn<StudioEventView>[] = [
    {
      id: "notice",
      header: l.columns.notice,
      primary: true,
      cell: (event) => (
        <LocalizedLink
          to={`/admin/notices/${event.id}`}
          className={`underline-offset-2 hover:underline ${event.read ? "" : "font-bold"}`}
        >
          {title(event)}
        </LocalizedLink>
      ),
    },
    { id: "when", header: l.columns.when, cell: (event) => formatDateTime(event.createdAt, locale) },
    {
      id: "state",
      header: l.columns.state,
      cell: (event) => (event.read ? <Badge>{l.read}</Badge> : <Badge tone="accent">{l.unread}</Badge>),
    },
  ];
  return (
    <section>
      <AdminHeader title={l.title} intro={l.intro}>
        {unread > 0 && (
          <Form method="post">
            <button type="submit" name="intent" value="read-all" className="btn btn-secondary">
              {l.markAllRead}
            </button>
          </Form>
        )}
      </AdminHeader>
      <AnswerNotice answer={actionData as AdminAnswer | undefined} />
      {problem && <Notice kind="error">{problem}</Notice>}
      <p className="mb-3 text-muted">{l.unreadCount(unread)}</p>
      <DataTable
        caption={l.caption}
        columns={columns}
        rows={events}
        rowKey={(event) => String(event.id)}
        page={page}
        pages={pages}
        empty={<p className="card">{l.none}</p>}
      />
    </section>
  );
}
