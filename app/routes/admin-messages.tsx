import { Form, useFetcher } from "react-router";
import type { Route } from "./+types/admin-messages";
import { formatDateTime } from "~/features/admin/format";
import { PageNav } from "~/features/admin/page-nav";
import { AdminHeader, AnswerNotice, Badge, Notice } from "~/features/admin/ui";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "../../messages/messages.server.ts";
import type { AdminAnswer } from "../../domain/admin-answer.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { mailTextParts } from "../../domain/mail-text.ts";
import { adminAnswer, formText } from "../../server/admin/answer.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import {
  listMessages,
  listOutbox,
  resendOutboxMail,
  retryOutbox,
  updateMessage,
  type AdminMessage,
  type OutboxEntry,
} from "../../server/admin/messages.ts";
import { ApiError } from "../../server/http/errors.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { colon } from "../../domain/french.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "admin", (m) => m.admin.messagesPage.title);

export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const to = (url.searchParams.get("to") ?? "").trim().slice(0, 254);
  const [inbox, outbox] = await Promise.all([
    listMessages({ page: url.searchParams.get("page") }).catch((error: unknown) => (console.error(error), null)),
    listOutbox({ to, page: Number(url.searchParams.get("outboxPage") ?? 1) }).catch(
      (error: unknown) => (console.error(error), null),
    ),
  ]);
  return { inbox, outbox, to };
}

/** Read/unread, handled/open and retrying the outbox (the services behind /api/admin/messages and /api/admin/outbox/retry). */
export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const m = messagesFor(locale);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const id = formText(form, "id");
  return adminAnswer(intent, id, locale, async () => {
    if (intent === "resend") {
      await resendOutboxMail(id);
      return m.admin.messagesPage.resent(formText(form, "to", 254));
    }
    if (intent === "retry") {
      const { before, after } = await retryOutbox();
      return m.admin.messagesPage.retried(Math.max(0, before - after));
    }
    if (intent !== "message") throw new ApiError(400, m.admin.errors.updateMessage);
    const flag = (name: string) => (form.has(name) ? formText(form, name) === "true" : undefined);
    await updateMessage(id, { read: flag("read"), handled: flag("handled") });
    return "";
  });
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { inbox, outbox, to } = loaderData;
  const messages = inbox?.messages ?? null;
  const a = useMessages("admin").admin;
  const p = a.messagesPage;
  const fetcher = useFetcher<AdminAnswer>();
  // A message's change says nothing when it works (its card shows it); a refusal is shown on its card.
  const answer = fetcher.data ?? actionData;
  const retrying = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "retry";

  return (
    <section>
      <AdminHeader title={p.title} intro={p.intro} />
      <AnswerNotice answer={answer?.message ? answer : undefined} />
      {messages === null && <Notice kind="error">{a.errors.fetchMessages}</Notice>}
      {messages && messages.length === 0 && <p className="card">{p.none}</p>}
      {messages && messages.length > 0 && (
        <ul className="space-y-4">
          {messages.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} />
            </li>
          ))}
        </ul>
      )}
      {inbox && <PageNav page={inbox.page} pages={inbox.pages} label={p.messagePages} />}

      <section id="outbox" className="mt-12" aria-labelledby="outbox-heading">
        <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id="outbox-heading" className="text-xl font-bold">
              {p.outboxTitle}
            </h2>
            <p className="mt-1 text-muted">{p.outboxIntro}</p>
          </div>
          {outbox && outbox.waiting > 0 && (
            <fetcher.Form method="post">
              <button type="submit" name="intent" value="retry" className="btn btn-secondary" disabled={retrying}>
                {retrying ? p.retrying : p.retry}
              </button>
            </fetcher.Form>
          )}
        </div>
        {outbox && !outbox.smtpConfigured && <p className="mb-4 text-sm text-warning">{p.noSmtp}</p>}
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" preventScrollReset>
          <div className="min-w-0 grow sm:grow-0">
            <label htmlFor="outbox-to" className="field-label">
              {p.outboxFilter}
            </label>
            <input
              id="outbox-to"
              name="to"
              type="search"
              defaultValue={to}
              key={to}
              maxLength={254}
              className="field-input"
            />
          </div>
          <button type="submit" className="btn btn-secondary">
            {p.outboxFilterButton}
          </button>
        </Form>
        {outbox && outbox.entries.length === 0 && <p className="card">{to ? p.outboxNoMatch : p.outboxEmpty}</p>}
        {outbox && outbox.entries.length > 0 && <OutboxList entries={outbox.entries} />}
        {outbox && (
          <PageNav page={outbox.page} pages={outbox.pages} param="outboxPage" hash="#outbox" label={p.outboxPages} />
        )}
      </section>
    </section>
  );
}

function MessageCard({ message }: { message: AdminMessage }) {
  const fetcher = useFetcher<AdminAnswer>();
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
            {p.phone}
            {colon(locale)}
            <a href={`tel:${message.phone}`} className="underline">
              {message.phone}
            </a>
          </>
        )}
        {" · "}
        {p.projectType}
        {colon(locale)}
        {type}
        {message.newsletter && ` · ${p.newsletter}`}
        {message.newsletterConsent && (
          <span className="block" title={message.newsletterConsent.text}>
            {p.newsletterConsentGiven(
              formatDateTime(message.newsletterConsent.at, locale),
              message.newsletterConsent.text,
            )}
          </span>
        )}
      </p>
      <p className="mt-1 text-sm text-muted">{p.received(formatDateTime(message.createdAt, locale))}</p>
      <p className="mt-3 break-words whitespace-pre-wrap">{message.message}</p>
      {fetcher.data && !fetcher.data.ok && (
        <p role="alert" className="alert-error mt-3">
          {fetcher.data.message}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <a
          href={reply}
          className="btn btn-primary px-4 py-2 text-sm"
          onClick={() =>
            unread && fetcher.submit({ intent: "message", id: message.id, read: "true" }, { method: "post" })
          }
        >
          {p.reply}
        </a>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="message" />
          <input type="hidden" name="id" value={message.id} />
          <button type="submit" name="read" value={String(unread)} className="btn btn-secondary px-4 py-2 text-sm">
            {unread ? p.markRead : p.markUnread}
          </button>
        </fetcher.Form>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="message" />
          <input type="hidden" name="id" value={message.id} />
          <button type="submit" name="handled" value={String(!handled)} className="btn btn-secondary px-4 py-2 text-sm">
            {handled ? p.reopen : p.markHandled}
          </button>
        </fetcher.Form>
      </div>
    </article>
  );
}

/** Each e-mail as its recipient gets it: headers, then the text with its http(s) links clickable (React escapes the rest). */
function OutboxList({ entries }: { entries: OutboxEntry[] }) {
  const p = useMessages("admin").admin.messagesPage;
  return (
    <>
      <p className="mb-4 text-sm text-muted">{p.outboxLinksNote}</p>
      <ul className="space-y-3">
        {entries.map((entry) => (
          <li key={entry.id}>
            <OutboxMail entry={entry} />
          </li>
        ))}
      </ul>
    </>
  );
}

function OutboxMail({ entry }: { entry: OutboxEntry }) {
  const p = useMessages("admin").admin.messagesPage;
  const locale = useLocale();
  const fetcher = useFetcher<AdminAnswer>();
  const headingId = `mail-${entry.id}`;
  return (
    <article aria-labelledby={headingId} className="card p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words">
            {entry.subject}
          </h3>
          <p className="text-sm break-words text-muted">
            {p.outboxColumns.to}
            {colon(locale)}
            {entry.to} · {formatDateTime(entry.createdAt, locale)}
          </p>
          <p className="mt-1 flex flex-wrap gap-2 text-sm">
            {entry.status === "sent" && entry.sentAt ? (
              <Badge tone="success">{p.outboxSent(formatDateTime(entry.sentAt, locale))}</Badge>
            ) : entry.givenUp ? (
              <Badge tone="danger">{p.outboxGivenUp}</Badge>
            ) : (
              <Badge tone="warning">{p.outboxWaiting(entry.attempts)}</Badge>
            )}
            {entry.resentFrom && <Badge tone="accent">{p.outboxCopy}</Badge>}
          </p>
          {entry.status === "pending" && entry.lastError && (
            <p className="mt-1 text-sm break-words text-muted">
              {p.outboxColumns.lastError}
              {colon(locale)}
              {entry.lastError}
            </p>
          )}
        </div>
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={entry.id} />
          <input type="hidden" name="to" value={entry.to} />
          <button
            type="submit"
            name="intent"
            value="resend"
            className="btn btn-secondary px-3 py-1.5 text-sm"
            aria-label={p.resendLabel(entry.subject, entry.to)}
          >
            {p.resend}
          </button>
        </fetcher.Form>
      </div>
      {fetcher.data && (
        <p
          role={fetcher.data.ok ? "status" : "alert"}
          className={fetcher.data.ok ? "mt-2 text-sm text-success" : "alert-error mt-2"}
        >
          {fetcher.data.message}
        </p>
      )}
      <details className="mt-3">
        <summary className="cursor-pointer font-semibold text-accent">{p.outboxShow}</summary>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">{p.outboxFrom}</dt>
          <dd className="min-w-0 break-words">{entry.from}</dd>
          <dt className="font-semibold">{p.outboxColumns.to}</dt>
          <dd className="min-w-0 break-words">{entry.to}</dd>
          {entry.replyTo && (
            <>
              <dt className="font-semibold">{p.outboxReplyTo}</dt>
              <dd className="min-w-0 break-words">{entry.replyTo}</dd>
            </>
          )}
          <dt className="font-semibold">{p.outboxColumns.subject}</dt>
          <dd className="min-w-0 break-words">{entry.subject}</dd>
        </dl>
        <div className={entry.hasHtml ? "mt-3 grid gap-4 lg:grid-cols-2" : "mt-3"}>
          {entry.hasHtml && (
            <div>
              <h4 className="mb-2 text-sm font-semibold">{p.outboxHtml}</h4>
              {/* No scripts, no same origin: the e-mail is shown, never run; its links open in a new
                  tab. Loaded only once its e-mail is opened (the list would otherwise weigh megabytes). */}
              <iframe
                src={`/api/admin/outbox/${encodeURIComponent(entry.id)}/html`}
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                loading="lazy"
                title={p.outboxHtmlFrame(entry.subject)}
                className="h-[36rem] w-full rounded-lg border border-border bg-white"
                data-testid="mail-html"
              />
            </div>
          )}
          <div>
            <h4 className="mb-2 text-sm font-semibold">{p.outboxTextPart}</h4>
            <div
              className="rounded-lg border border-border bg-surface-2 p-3 font-mono text-sm break-words whitespace-pre-wrap"
              data-testid="mail-text"
            >
              {mailTextParts(entry.text).map((part, index) =>
                "href" in part ? (
                  <a
                    key={index}
                    href={part.href}
                    className="text-accent underline"
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    {part.href}
                  </a>
                ) : (
                  <span key={index}>{part.text}</span>
                ),
              )}
            </div>
          </div>
        </div>
      </details>
    </article>
  );
}
