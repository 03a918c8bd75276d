import { useState } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/admin-messages";
import { formatDateTime } from "~/features/admin/format";
import { callApi } from "~/lib/api-client";
import { AdminHeader, Badge, Notice } from "~/features/admin/ui";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { listMessages, listOutbox, type AdminMessage, type OutboxEntry } from "../../server/admin/messages.ts";
import { colon } from "~/lib/french";

export const meta = ({ location }: Route.MetaArgs) => pageTitle(location.pathname, "admin", (m) => m.admin.messagesPage.title);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const [messages, outbox] = await Promise.all([
    listMessages().catch((error: unknown) => (console.error(error), null)),
    listOutbox().catch((error: unknown) => (console.error(error), null)),
  ]);
  return { messages, outbox };
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { messages, outbox } = loaderData;
  const a = useMessages("admin").admin;
  const p = a.messagesPage;
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [retrying, setRetrying] = useState(false);

  async function change(message: AdminMessage, body: { read?: boolean; handled?: boolean }) {
    setError(undefined);
    const result = await callApi(`/api/admin/messages/${message.id}`, { locale, body });
    if (!result.ok) setError(result.status === 0 ? a.errors.network : result.error?.message ?? a.errors.updateMessage);
    void revalidator.revalidate();
  }

  async function retry() {
    setError(undefined);
    setNotice(undefined);
    setRetrying(true);
    const result = await callApi<{ before: number; after: number }>("/api/admin/outbox/retry", { locale, body: {} });
    setRetrying(false);
    if (!result.ok) setError(result.status === 0 ? a.errors.network : result.error?.message ?? a.errors.retryMail);
    else setNotice(p.retried(Math.max(0, result.data.before - result.data.after)));
    void revalidator.revalidate();
  }

  return (
    <section>
      <AdminHeader title={p.title} intro={p.intro} />
      <div aria-live="polite">
        {error && <Notice kind="error">{error}</Notice>}
        {notice && <Notice kind="success">{notice}</Notice>}
      </div>
      {messages === null && <Notice kind="error">{a.errors.fetchMessages}</Notice>}
      {messages && messages.length === 0 && <p className="card">{p.none}</p>}
      {messages && messages.length > 0 && (
        <ul className="space-y-4">
          {messages.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} onChange={change} />
            </li>
          ))}
        </ul>
      )}

      <section className="mt-12" aria-labelledby="outbox-heading">
        <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id="outbox-heading" className="text-xl font-bold">
              {p.outboxTitle}
            </h2>
            <p className="mt-1 text-muted">{p.outboxIntro}</p>
          </div>
          {outbox && outbox.entries.length > 0 && (
            <button type="button" className="btn btn-secondary" onClick={retry} disabled={retrying}>
              {retrying ? p.retrying : p.retry}
            </button>
          )}
        </div>
        {outbox && !outbox.smtpConfigured && outbox.entries.length > 0 && <p className="mb-4 text-sm text-warning">{p.noSmtp}</p>}
        {outbox && outbox.entries.length === 0 && <p className="card">{p.outboxEmpty}</p>}
        {outbox && outbox.entries.length > 0 && <OutboxTable entries={outbox.entries} />}
      </section>
    </section>
  );
}

function MessageCard({ message, onChange }: { message: AdminMessage; onChange: (m: AdminMessage, body: { read?: boolean; handled?: boolean }) => void }) {
  const a = useMessages("admin").admin;
  const p = a.messagesPage;
  const locale = useLocale();
  const unread = message.readAt === null;
  const handled = message.handledAt !== null;
  const type = p.projectTypes[message.projectType as keyof typeof p.projectTypes] ?? message.projectType;
  const reply = `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(`${p.replySubject} (${type})`)}&body=${encodeURIComponent(
    `\n\n> ${message.message.split("\n").join("\n> ")}`,
  )}`;
  return (
    <article
      aria-labelledby={`message-${message.id}`}
      className={`card p-4 sm:p-6 ${unread ? "border-l-4 border-l-accent" : ""}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`message-${message.id}`} className={`text-lg ${unread ? "font-bold" : "font-semibold"}`}>
          {message.name}
        </h2>
        {unread && <Badge tone="accent">{p.unread}</Badge>}
        {handled ? <Badge tone="success">{p.handled}</Badge> : <Badge tone="warning">{p.open}</Badge>}
      </div>
      <p className="mt-1 text-sm text-muted">
        <a href={`mailto:${message.email}`} className="underline">
          {message.email}
        </a>
        {message.phone && (
          <>
            {" · "}
            {p.phone}{colon(locale)}<a href={`tel:${message.phone}`} className="underline">{message.phone}</a>
          </>
        )}
        {" · "}
        {p.projectType}{colon(locale)}{type}
        {message.newsletter && ` · ${p.newsletter}`}
        {message.newsletterConsent && (
          <span className="block" title={message.newsletterConsent.text}>
            {p.newsletterConsentGiven(formatDateTime(message.newsletterConsent.at, locale), message.newsletterConsent.text)}
          </span>
        )}
      </p>
      <p className="mt-1 text-sm text-muted">{p.received(formatDateTime(message.createdAt, locale))}</p>
      <p className="mt-3 whitespace-pre-wrap break-words">{message.message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={reply} className="btn btn-primary px-4 py-2 text-sm" onClick={() => unread && onChange(message, { read: true })}>
          {p.reply}
        </a>
        <button type="button" className="btn btn-secondary px-4 py-2 text-sm" onClick={() => onChange(message, { read: unread })}>
          {unread ? p.markRead : p.markUnread}
        </button>
        <button type="button" className="btn btn-secondary px-4 py-2 text-sm" onClick={() => onChange(message, { handled: !handled })}>
          {handled ? p.reopen : p.markHandled}
        </button>
      </div>
    </article>
  );
}

function OutboxTable({ entries }: { entries: OutboxEntry[] }) {
  const p = useMessages("admin").admin.messagesPage;
  const locale = useLocale();
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-surface">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border bg-surface-2">
          <tr>
            <th scope="col" className="px-3 py-2">{p.outboxColumns.to}</th>
            <th scope="col" className="px-3 py-2">{p.outboxColumns.subject}</th>
            <th scope="col" className="px-3 py-2 text-right">{p.outboxColumns.attempts}</th>
            <th scope="col" className="px-3 py-2">{p.outboxColumns.lastError}</th>
            <th scope="col" className="px-3 py-2">{p.outboxColumns.created}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-border last:border-0">
              <td className="px-3 py-2">{entry.to}</td>
              <td className="px-3 py-2">{entry.subject}</td>
              <td className={`px-3 py-2 text-right ${entry.givenUp ? "font-bold text-danger" : ""}`}>{entry.attempts}</td>
              <td className="px-3 py-2 text-muted">{entry.lastError ?? "—"}</td>
              <td className="whitespace-nowrap px-3 py-2">{formatDateTime(entry.createdAt, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
