import { Form } from "react-router";
import { LocalizedLink } from "../i18n/localized-link";
import { useMessages } from "../i18n/use-locale";

/** What the order page's action answered to "Erase my details". */
export type GuestDataOutcome = { ok: boolean; message: string };

/**
 * A guest's data, on the order's page opened by its link: a copy to download, and the erasure of
 * their details (a plain form with a box to tick, so it works before and without JavaScript).
 * The server decides whether the order is complete enough; its refusal says why.
 */
export function GuestData({
  orderId,
  accessKey,
  erased,
  outcome,
}: {
  orderId: string;
  accessKey: string;
  /** The order has no contact any more: the details were erased. */
  erased: boolean;
  outcome?: GuestDataOutcome;
}) {
  const m = useMessages("orders").orders.guestData;
  return (
    <section className="card mt-6 space-y-4" aria-labelledby="guest-data-title">
      <h2 id="guest-data-title" className="text-xl font-bold">
        {m.heading}
      </h2>
      <p>{m.intro}</p>
      <p>
        {/* A file, not a page: the browser downloads it. */}
        <LocalizedLink
          to={`/orders/${orderId}/data?key=${accessKey}`}
          reloadDocument
          download
          className="font-semibold text-accent underline"
        >
          {m.download}
        </LocalizedLink>
      </p>
      {erased ? (
        <p
          role="status"
          data-testid="details-erased"
          className="rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-success"
        >
          {m.erased}
        </p>
      ) : (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="erase-details" />
          <input type="hidden" name="key" value={accessKey} />
          <label className="flex items-start gap-2">
            <input type="checkbox" name="confirm" required className="mt-1" />
            <span>{m.confirm}</span>
          </label>
          {outcome && !outcome.ok && (
            <p role="alert" className="alert-error">
              {outcome.message}
            </p>
          )}
          <button type="submit" className="btn btn-secondary">
            {m.erase}
          </button>
        </Form>
      )}
    </section>
  );
}
