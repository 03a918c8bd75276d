import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useLocale, useLocalizedPath, useMessages } from "../i18n/use-locale";
import { useLatest } from "../shell/use-latest";
import { postJson } from "~/lib/api-client";
import { CARD_NUMBER_MAX_DIGITS, groupCardNumber } from "../../../domain/card-input.ts";

export type BrowserIntent = { paymentIntent: string; clientSecret: string };

type FormProps = {
  intent: BrowserIntent | null;
  payLabel: string;
  /** Processing on/off, so the page can show its state. */
  onProcessing: (processing: boolean) => void;
  /** Errors that end the payment on this page (the order expired, the provider would not load). */
  onFatal: (message: string) => void;
  /**
   * The intent can no longer be confirmed (an authentication step was left, or it was replaced):
   * gets the order's current intent, or null (the page then shows why the order cannot be paid).
   */
  renewIntent: () => Promise<BrowserIntent | null>;
};

export function confirmationPath(localize: (p: string) => string, intent: BrowserIntent): string {
  const query = new URLSearchParams({
    payment_intent: intent.paymentIntent,
    payment_intent_client_secret: intent.clientSecret,
  });
  return `${localize("/payment/confirmation")}?${query}`;
}

function useDeclineMessage() {
  const m = useMessages("checkout");
  return (error: { code?: string; message?: string } | null | undefined) =>
    (error?.code && m.checkout.declines[error.code]) || error?.message || m.checkout.unexpectedError;
}

function confirmSandbox(intent: BrowserIntent, card: { number: string; expiry: string; cvc: string }) {
  return postJson<{
    paymentIntent: { id: string; status: string };
    error: { code: string; message: string } | null;
    nextAction: { type: "authenticate" } | null;
  }>(`/api/sandbox/payment_intents/${encodeURIComponent(intent.paymentIntent)}/confirm`, {
    clientSecret: intent.clientSecret,
    card,
  });
}

/**
 * The sandbox's card form: our own fields, confirmed by our server's test processor, which plays
 * Stripe's test cards. Shown with a plain "Test mode" banner.
 */
export function SandboxCardForm({ intent, payLabel, onProcessing, onFatal, renewIntent }: FormProps) {
  const m = useMessages("checkout");
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const declineMessage = useDeclineMessage();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Grouped by four as it is typed, as on the card (the processor reads the digits only).
  const [cardNumber, setCardNumber] = useState("");

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!intent) {
      setError(m.checkout.paymentSystemNotInitialized);
      return;
    }
    const form = new FormData(event.currentTarget);
    const card = {
      number: String(form.get("cardNumber") ?? ""),
      expiry: String(form.get("expiry") ?? ""),
      cvc: String(form.get("cvc") ?? ""),
    };
    setBusy(true);
    onProcessing(true);
    let current = intent;
    let result = await confirmSandbox(current, card);
    if (!result.ok && result.status === 409) {
      // This intent was left waiting (Back from the authentication step) or replaced: pay with the order's current one.
      const renewed = await renewIntent();
      if (!renewed) return;
      current = renewed;
      onProcessing(true);
      result = await confirmSandbox(current, card);
    }
    if (result.ok && result.data.paymentIntent.status === "succeeded") {
      navigate(confirmationPath(localize, current));
      return;
    }
    if (result.ok && result.data.nextAction) {
      const query = new URLSearchParams({
        payment_intent: current.paymentIntent,
        payment_intent_client_secret: current.clientSecret,
      });
      navigate(`${localize("/payment/authenticate")}?${query}`);
      return;
    }
    setBusy(false);
    onProcessing(false);
    if (result.ok) setError(declineMessage(result.data.error));
    else if (result.status === 409) onFatal(m.checkout.orderExpired);
    else setError(m.checkout.unexpectedError);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={m.checkout.cardDetails}>
      <div className="rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 text-sm" role="note">
        <strong className="text-warning">{m.checkout.testMode}</strong>
        <p className="mt-1">{m.checkout.testModeText}</p>
      </div>
      {error && (
        <p role="alert" className="alert-error">
          <strong className="block">{m.checkout.paymentFailed}</strong>
          {error}
        </p>
      )}
      <div>
        <label htmlFor="card-number" className="field-label">
          {m.checkout.cardNumber}
        </label>
        <input
          id="card-number"
          name="cardNumber"
          className="field-input font-mono"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={cardNumber}
          onChange={(event) => setCardNumber(groupCardNumber(event.target.value))}
          maxLength={CARD_NUMBER_MAX_DIGITS + Math.floor(CARD_NUMBER_MAX_DIGITS / 4)}
          required
        />
      </div>
      {/* Fields aligned on their bottom edge, should a label take two lines. */}
      <div className="grid grid-cols-[3fr_2fr] items-end gap-4">
        <div>
          <label htmlFor="card-expiry" className="field-label">
            {m.checkout.expiry}
          </label>
          <input
            id="card-expiry"
            name="expiry"
            className="field-input font-mono"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12 / 34"
            required
          />
        </div>
        <div>
          <label htmlFor="card-cvc" className="field-label">
            {m.checkout.cvc}
          </label>
          <input
            id="card-cvc"
            name="cvc"
            className="field-input font-mono"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            required
          />
        </div>
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? m.checkout.processing : payLabel}
      </button>
    </form>
  );
}

type StripeHandles = {
  stripe: import("@stripe/stripe-js").Stripe;
  elements: import("@stripe/stripe-js").StripeElements;
};

/**
 * Stripe's Payment Element, loaded from Stripe's own script only when Stripe is configured.
 * confirmPayment returns to /payment/confirmation on this site's origin.
 */
export function StripeCardForm({
  intent,
  payLabel,
  onProcessing,
  onFatal,
  publishableKey,
}: FormProps & { publishableKey: string }) {
  const m = useMessages("checkout");
  const locale = useLocale();
  const localize = useLocalizedPath();
  const mountPoint = useRef<HTMLDivElement>(null);
  const handles = useRef<StripeHandles | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const clientSecret = intent?.clientSecret;
  // Stripe's element is mounted once per intent; the page's callback and messages are read as they are now.
  const latest = useLatest({ onFatal, m });

  useEffect(() => {
    if (!clientSecret) return;
    const { onFatal, m } = latest.current;
    let cancelled = false;
    let unmount: (() => void) | undefined;
    void (async () => {
      let stripe: StripeHandles["stripe"] | null;
      try {
        const { loadStripe } = await import("@stripe/stripe-js");
        stripe = await loadStripe(publishableKey, { locale: locale === "fr" ? "fr-CA" : "en" });
      } catch {
        stripe = null;
      }
      if (cancelled) return;
      if (!stripe) {
        onFatal(m.checkout.failedToInitialize);
        return;
      }
      try {
        const elements = stripe.elements({ clientSecret, locale: locale === "fr" ? "fr-CA" : "en" });
        const element = elements.create("payment");
        element.on("loaderror", () => onFatal(m.checkout.failedToMount));
        element.mount(mountPoint.current!);
        unmount = () => element.destroy();
        handles.current = { stripe, elements };
      } catch {
        onFatal(m.checkout.failedToMount);
      }
    })();
    return () => {
      cancelled = true;
      unmount?.();
      handles.current = null;
    };
  }, [clientSecret, publishableKey, locale, latest]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const current = handles.current;
    if (!current || !intent) {
      setError(m.checkout.paymentSystemNotInitialized);
      return;
    }
    setBusy(true);
    onProcessing(true);
    try {
      const returnUrl = new URL(localize("/payment/confirmation"), window.location.origin).toString();
      const { error: failure } = await current.stripe.confirmPayment({
        elements: current.elements,
        confirmParams: { return_url: returnUrl },
      });
      // Only reached when Stripe did not redirect: a decline or a validation error to show here.
      setError(failure?.message ?? m.checkout.unexpectedError);
    } catch {
      setError(m.checkout.unexpectedError);
    }
    setBusy(false);
    onProcessing(false);
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={m.checkout.cardDetails}>
      {error && (
        <p role="alert" className="alert-error">
          <strong className="block">{m.checkout.paymentFailed}</strong>
          {error}
        </p>
      )}
      <div ref={mountPoint} className="min-h-24" />
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? m.checkout.processing : payLabel}
      </button>
    </form>
  );
}
