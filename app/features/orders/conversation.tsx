import { Form } from "react-router";
import {
  approvalPending,
  MESSAGE_MAX_CHARS,
  messageParagraphs,
  type ConversationMessageView,
} from "../../../domain/conversations.ts";
import { useMessages } from "../i18n/use-locale";
import { useFormatters } from "./format";

/** What the page's action answered to a message: kept text when it was refused, so nothing is lost. */
export type ConversationOutcome = { conversation: true; ok: boolean; message: string; body?: string };

/**
 * The conversation on an order (decision 081), for its buyer or for the studio: each message with
 * who wrote it and when, its text as paragraphs and links (never HTML), and a plain form to write
 * (it works before and without JavaScript).
 */
export function Conversation({
  messages,
  side,
  accessKey = null,
  outcome,
}: {
  messages: ConversationMessageView[];
  side: "buyer" | "studio";
  /** A guest's key: the form posts it back, as the page's address or cookie gave it. */
  accessKey?: string | null;
  outcome?: ConversationOutcome;
}) {
  const m = useMessages("orders").orders.conversation;
  const f = useFormatters();
  const pending = approvalPending(messages.map((message) => message.kind));
  const authorName = (message: ConversationMessageView) => {
    if (message.author === "buyer") return side === "buyer" ? m.you : m.theBuyer;
    if (side === "buyer") return m.theStudio;
    return message.staffName ? m.studioBy(message.staffName) : m.theStudio;
  };
  return (
    <section id="conversation" className="card mt-6 space-y-4" aria-labelledby="conversation-title">
      <h2 id="conversation-title" className="text-xl font-bold">
        {m.heading}
      </h2>
      <p className="text-muted">{side === "buyer" ? m.buyerIntro : m.adminIntro}</p>
      {messages.length === 0 ? (
        <p>{m.none}</p>
      ) : (
        <ol className="space-y-3" aria-label={m.heading}>
          {messages.map((message) => (
            <li
              key={message.id}
              data-testid="conversation-message"
              className={`rounded-lg border border-border px-4 py-3 ${message.author === side ? "bg-accent/5" : ""}`}
            >
              <p className="text-sm">
                <span className="font-semibold">{authorName(message)}</span>{" "}
                <time className="text-muted" dateTime={message.createdAt}>
                  {f.dateTime(message.createdAt)}
                </time>
              </p>
              {message.kind !== "message" && <p className="mt-1 font-semibold">{m.kinds[message.kind]}</p>}
              <MessageText body={message.body} />
            </li>
          ))}
        </ol>
      )}
      {pending && (
        <p role="status" className="rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 font-semibold">
          {side === "buyer" ? m.pendingBuyer : m.pendingStudio}
        </p>
      )}
      {/* A new form after each message sent: the text box starts empty again. */}
      <Form key={messages.length} method="post" className="space-y-3">
        {accessKey && <input type="hidden" name="key" value={accessKey} />}
        <div>
          <label htmlFor="conversation-body" className="field-label">
            {m.yourMessage}
          </label>
          <textarea
            id="conversation-body"
            name="body"
            rows={4}
            required
            maxLength={MESSAGE_MAX_CHARS}
            aria-describedby="conversation-hint"
            defaultValue={outcome && !outcome.ok ? outcome.body : undefined}
            className="field-input"
          />
          <p id="conversation-hint" className="mt-1 text-sm text-muted">
            {m.hint(MESSAGE_MAX_CHARS)}
          </p>
        </div>
        {outcome && (
          <p role={outcome.ok ? "status" : "alert"} className={outcome.ok ? "text-success" : "alert-error"}>
            {outcome.message}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="message" className="btn btn-primary">
            {m.send}
          </button>
          {side === "studio" && (
            <button type="submit" name="intent" value="ask-approval" className="btn btn-secondary">
              {m.askApproval}
            </button>
          )}
          {side === "buyer" && pending && (
            <>
              {/* Approving needs no words: the box may stay empty. */}
              <button type="submit" name="intent" value="approve" formNoValidate className="btn btn-primary">
                {m.approve}
              </button>
              <button type="submit" name="intent" value="request-change" className="btn btn-secondary">
                {m.requestChange}
              </button>
            </>
          )}
        </div>
      </Form>
    </section>
  );
}

/** A message's paragraphs; an address is a link that shows the address itself. */
function MessageText({ body }: { body: string }) {
  return (
    <div className="mt-1 space-y-2 break-words whitespace-pre-line">
      {messageParagraphs(body).map((pieces, index) => (
        <p key={index}>
          {pieces.map((piece, at) =>
            "link" in piece ? (
              <a key={at} href={piece.link} rel="noopener noreferrer nofollow ugc" className="text-accent underline">
                {piece.link}
              </a>
            ) : (
              <span key={at}>{piece.text}</span>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
