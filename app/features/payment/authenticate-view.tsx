import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { LocalizedLink } from "../i18n/localized-link";
import { useLocalizedPath, useMessages } from "../i18n/use-locale";
import { useFormatters } from "../orders/format";
import { getJson, postJson } from "~/lib/api-client";
import { confirmationPath } from "./card-forms";

/** The sandbox's test 3-D Secure step: the buyer passes or fails it, then returns to the confirmation. */
export function AuthenticateView() {
  const m = useMessages("checkout", "common");
  const f = useFormatters();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paymentIntent = params.get("payment_intent");
  const clientSecret = params.get("payment_intent_client_secret");
  const [intent, setIntent] = useState<{ amount: number; currency: string } | null>(null);
  const [error, setError] = useState<string | null>(!paymentIntent || !clientSecret ? m.checkout.authMissing : null);
  const [busy, setBusy] = useState(false);

  const unexpectedError = m.checkout.unexpectedError;
  useEffect(() => {
    if (!paymentIntent || !clientSecret) return;
    const query = new URLSearchParams({ client_secret: clientSecret });
    void getJson<{ amount: number; currency: string; status: string }>(
      `/api/sandbox/payment_intents/${encodeURIComponent(paymentIntent)}?${query}`,
    ).then((result) => {
      if (result.ok) setIntent(result.data);
      else setError(unexpectedError);
    });
  }, [paymentIntent, clientSecret, unexpectedError]);

  async function decide(outcome: "pass" | "fail") {
    if (!paymentIntent || !clientSecret) return;
    setBusy(true);
    await postJson(`/api/sandbox/payment_intents/${encodeURIComponent(paymentIntent)}/authenticate`, {
      clientSecret,
      outcome,
    });
    // As after Stripe's 3-D Secure page: back to the confirmation, which asks the server what happened.
    navigate(confirmationPath(localize, { paymentIntent, clientSecret }));
  }

  if (error) {
    return (
      <div className="card mt-8 space-y-4">
        <p role="alert" className="alert-error">
          {error}
        </p>
        <LocalizedLink to="/store/checkout" className="btn btn-primary">
          {m.checkout.tryAgain}
        </LocalizedLink>
      </div>
    );
  }
  return (
    <div className="card mt-8 space-y-4">
      <p className="rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 text-sm">
        <strong className="text-warning">{m.checkout.testMode}</strong> · {m.checkout.authText}
      </p>
      {intent ? (
        <dl className="grid grid-cols-[8rem_1fr] gap-2 text-lg">
          <dt>{m.checkout.amount}</dt>
          <dd className="font-bold tabular-nums">{f.money(intent.amount, intent.currency.toUpperCase())}</dd>
        </dl>
      ) : (
        <p role="status" className="text-muted">
          {m.common.loading}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" disabled={!intent || busy} onClick={() => decide("pass")}>
          {m.checkout.authPass}
        </button>
        <button type="button" className="btn btn-secondary" disabled={!intent || busy} onClick={() => decide("fail")}>
          {m.checkout.authFail}
        </button>
      </div>
    </div>
  );
}
