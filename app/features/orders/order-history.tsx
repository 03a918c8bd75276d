import type { OrderEventView } from "../../../domain/order-events.ts";
import { useMessages } from "../i18n/use-locale";
import { useFormatters } from "./format";
import { StatusBadge } from "./order-parts";

/**
 * An order's history for the admin: each event's status, its reason in the page's language, who and
 * when, and beside it the event's detail (the admin's own words, a tracking number, a refused refund's code).
 */
export function OrderHistory({ events }: { events: OrderEventView[] }) {
  const m = useMessages("orders");
  const f = useFormatters();
  return (
    <div className="card">
      <h2 className="text-xl font-bold">{m.orders.history}</h2>
      <ol className="mt-4 space-y-3">
        {events.map((event) => (
          <li key={event.id} className="border-l-2 border-accent pl-3">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={event.status} />
              {/* A reason an older version wrote and this one no longer words shows as its code. */}
              <span className="font-medium">{m.orders.notes[event.reason] ?? event.reason}</span>
            </div>
            <p className="text-sm text-muted">
              {f.dateTime(event.createdAt)} · {m.orders.by(event.actor ?? m.orders.system)}
            </p>
            {event.detail && <p className="text-sm">{event.detail}</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}
