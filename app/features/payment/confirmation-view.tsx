import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { LocalizedLink } from "../i18n/localized-link";
import { useMessages } from "../i18n/use-locale";
import { useFormatters } from "../orders/format";
import { postJson } from "~/lib/api-client";

type Verify = {
  success: boolean;
  orderId: string | null;
  amount: number | null;
  error: string | null;
  status?: string;
  code?: string;
};

type State =
  | { kind: "verifying"; processing?: boolean }
  | { kind: "success"; orderId: string; amount: number }
  | { kind: "failed"; reason: string; retry: string };

const POLL_MS = 2000;
const MAX_POLLS = 15;

/**
 * The spec's confirmation: verifying, failed (with the reason and Try again), success. `guestOrder`:
 * the order this browser placed without a verified account, and its page's address with the key;
 * a link to that order goes there, since the order's bare address asks for a log-in.
 */
export function ConfirmationView({
  mailConfigured,
  guestOrder,
}: {
  mailConfigured: boolean;
  guestOrder: { orderId: string; href: string } | null;
}) {
  const m = useMessages("checkout");
  const f = useFormatters();
  const [params] = useSearchParams();
  const paymentIntent = params.get("payment_intent");
  const clientSecret = params.get("payment_intent_client_secret");
  const missing = !paymentIntent || !clientSecret;
  const [state, setState] = useState<State>(
    missing
      ? { kind: "failed", reason: m.checkout.missingPaymentInformation, retry: "/store/checkout" }
      : { kind: "verifying" },
  );

  useEffect(() => {
    if (missing) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (poll: number) => {
      const result = await postJson<Verify>("/api/verifyPayment", { paymentIntent, clientSecret });
      if (!live) return;
      if (!result.ok) {
        setState({ kind: "failed", reason: m.checkout.verificationFailed, retry: "/store/checkout" });
        return;
      }
      const v = result.data;
      if (v.success && v.orderId && v.amount !== null) {
        setState({ kind: "success", orderId: v.orderId, amount: v.amount });
        return;
      }
      if (v.code === "processing" && poll < MAX_POLLS) {
        setState({ kind: "verifying", processing: true });
        timer = setTimeout(() => void check(poll + 1), POLL_MS);
        return;
      }
      const retry = v.orderId && v.status !== "refunded" ? `/payment/${v.orderId}/${v.amount ?? 0}` : "/store/checkout";
      const reason =
        v.code === "mismatch"
          ? m.checkout.verificationFailed
          : (v.code && m.checkout.declines[v.code]) || v.error || m.checkout.verificationFailed;
      setState({ kind: "failed", reason, retry });
    };
    void check(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paymentIntent, clientSecret]);

  if (state.kind === "verifying") {
    return (
      <div className="card mt-8" aria-busy="true">
        <p role="status" className="text-lg">
          {state.processing ? m.checkout.stillProcessing : m.checkout.verifying}
        </p>
      </div>
    );
  }
  if (state.kind === "failed") {
    return (
      <div className="card mt-8 space-y-4">
        <h2 className="text-xl font-bold">{m.checkout.failedTitle}</h2>
        <p role="alert" className="alert-error">
          {state.reason}
        </p>
        <LocalizedLink to={state.retry} className="btn btn-primary">
          {m.checkout.tryAgain}
        </LocalizedLink>
      </div>
    );
  }
  return (
    <div className="card mt-8 space-y-4">
      <h2 className="text-2xl font-bold text-success">{m.checkout.successTitle}</h2>
      <dl className="grid grid-cols-[8rem_1fr] gap-2">
        <dt className="font-semibold">{m.checkout.orderId}</dt>
        <dd className="font-mono" data-testid="confirmation-order-id">
          {state.orderId}
        </dd>
        <dt className="font-semibold">{m.checkout.amount}</dt>
        <dd className="font-semibold tabular-nums" data-testid="confirmation-amount">
          {f.money(state.amount)}
        </dd>
      </dl>
      {/* The profile is an account's: a guest's way back to the order is its link, below. */}
      {mailConfigured ? (
        <p className="text-muted">{m.checkout.successText}</p>
      ) : (
        !guestOrder && <p className="text-muted">{m.checkout.successTextNoMail}</p>
      )}
      <div className="flex flex-wrap gap-3">
        {guestOrder ? (
          guestOrder.orderId === state.orderId && (
            <Link to={guestOrder.href} className="btn btn-primary">
              {m.checkout.viewOrder}
            </Link>
          )
        ) : (
          <LocalizedLink to={`/orders/${state.orderId}`} className="btn btn-primary">
            {m.checkout.viewOrder}
          </LocalizedLink>
        )}
        <LocalizedLink to="/store" className="btn btn-secondary">
          {m.checkout.continueShopping}
        </LocalizedLink>
      </div>
    </div>
  );
}
