import { useState } from "react";
import { useMessages } from "~/features/i18n/use-locale";
import { postJson } from "~/lib/api-client";
import type { QuoteView } from "../../../domain/quote-view.ts";

/** Where the quote stands when it is no longer the buyer's to price: expired, declined, with the studio, in an order, or failed. */
export function QuoteStatus({
  quote,
  upToDate,
  signedIn,
  idPrefix,
  onQuote,
}: {
  quote: QuoteView;
  upToDate: boolean;
  signedIn: boolean;
  idPrefix: string;
  onQuote: (quote: QuoteView) => void;
}) {
  const m = useMessages("quote").quote;
  return (
    <>
      {quote.status === "expired" && <p className="alert-error">{m.expired}</p>}
      {quote.status === "declined" && <p className="alert-error">{m.declined(quote.declineReason ?? "")}</p>}
      {quote.status === "needs_review" && <p role="status">{m.reviewSent}</p>}
      {quote.status === "accepted" && <p role="status">{m.inOrder}</p>}
      {quote.status === "ordered" && <p role="status">{m.inProduction}</p>}
      {quote.status === "cancelled" && <p role="status">{m.orderCancelled}</p>}
      {quote.status === "failed" && upToDate && (
        <div className="space-y-3">
          <div role="alert" className="alert-error">
            <p className="font-semibold">{m.failureTitle}</p>
            <p>{m.failures[quote.failure ?? "slicer-failed"] ?? m.failures["slicer-failed"]}</p>
          </div>
          <ReviewRequest quoteId={quote.id} signedIn={signedIn} idPrefix={idPrefix} onQuote={onQuote} />
        </div>
      )}
    </>
  );
}

/** A part the slicer could not price: the buyer asks the studio to look at it (a guest leaves an e-mail). */
function ReviewRequest({
  quoteId,
  signedIn,
  idPrefix,
  onQuote,
}: {
  quoteId: string;
  signedIn: boolean;
  idPrefix: string;
  onQuote: (quote: QuoteView) => void;
}) {
  const m = useMessages("quote").quote;
  const [review, setReview] = useState<"closed" | "open" | "sending">("closed");
  const [reviewError, setReviewError] = useState<string | null>(null);
  if (review === "closed")
    return (
      <button type="button" className="btn btn-primary" onClick={() => setReview("open")}>
        {m.askStudio}
      </button>
    );
  return (
    <form
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        setReview("sending");
        const body: Record<string, unknown> = { note: String(form.get("note") ?? "") };
        if (!signedIn) body.email = String(form.get("email") ?? "");
        const answer = await postJson<QuoteView>(`/api/quotes/${quoteId}/review`, body);
        setReview("open");
        if (answer.ok) onQuote(answer.data);
        else setReviewError(answer.error?.message ?? m.uploadFailed);
      }}
    >
      <p className="text-sm">{m.askStudioIntro}</p>
      {!signedIn && (
        <div>
          <label className="field-label" htmlFor={`${idPrefix}-email`}>
            {m.reviewEmail}
          </label>
          <input
            id={`${idPrefix}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            className="field-input"
            autoComplete="email"
          />
        </div>
      )}
      <div>
        <label className="field-label" htmlFor={`${idPrefix}-note`}>
          {m.reviewNote}
        </label>
        <textarea id={`${idPrefix}-note`} name="note" maxLength={2000} rows={3} className="field-input" />
      </div>
      {reviewError && <p className="alert-error">{reviewError}</p>}
      <button type="submit" className="btn btn-primary" disabled={review === "sending"}>
        {m.sendRequest}
      </button>
    </form>
  );
}
