import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A small local fake of Stripe's API for the webhook's money events: payment intents, refunds
 * (with idempotency keys honoured as Stripe honours them), each succeeded intent's charge with its
 * `amount_refunded`, and disputes. stripe-node is pointed at it with its host, port and protocol.
 * Refunds made in Stripe's dashboard and disputes are made with the helpers below.
 */
export type FakeIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null;
};
export type FakeCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
};
export type FakeDispute = {
  id: string;
  object: "dispute";
  amount: number;
  currency: string;
  status: string;
  reason: string;
  charge: string;
  payment_intent: string;
  evidence_details: { due_by: number };
};

export type StripeFake = {
  intents: Map<string, FakeIntent>;
  charges: Map<string, FakeCharge>;
  disputes: Map<string, FakeDispute>;
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  /** While on, a refund is made but every answer to it is a 500 (its answer is lost). */
  refundAnswersLost: boolean;
  settings: { secretKey: string; publishableKey: string; webhookSecret: string; apiBase: string };
  chargeOf(intentId: string): FakeCharge;
  /** A refund made in Stripe's dashboard: no request from the site. */
  dashboardRefund(intentId: string, amount: number): FakeCharge;
  openDispute(intentId: string, amount: number, dueBy: Date): FakeDispute;
  /** A signed webhook delivery's body and signature header for an event about `object`. */
  event(type: string, object: unknown, id?: string): { id: string; payload: string; signature: string };
  close(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    req.on("data", (chunk) => (data += chunk));
    req.on("end", () => resolve(data));
  });
}

export async function startStripeFake(): Promise<StripeFake> {
  let counter = 0;
  const byKey = new Map<string, unknown>();
  const fake = {
    intents: new Map<string, FakeIntent>(),
    charges: new Map<string, FakeCharge>(),
    disputes: new Map<string, FakeDispute>(),
    requests: [],
    refundAnswersLost: false,
  } as unknown as StripeFake;

  const chargeOf = (intentId: string) => {
    const intent = fake.intents.get(intentId)!;
    const id = `ch_${intentId}`;
    let charge = fake.charges.get(id);
    if (!charge) {
      charge = {
        id,
        object: "charge",
        amount: intent.amount,
        amount_refunded: 0,
        refunded: false,
        currency: intent.currency,
        payment_intent: intentId,
      };
      fake.charges.set(id, charge);
    }
    return charge;
  };
  const refundCharge = (charge: FakeCharge, amount: number) => {
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
  };
  const missing = (what: string): [number, unknown] => [
    404,
    { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } },
  ];

  async function answer(req: IncomingMessage): Promise<[number, unknown]> {
    const url = new URL(req.url ?? "/", "http://fake");
    const form = new URLSearchParams(await readBody(req));
    const key = req.headers["idempotency-key"] as string | undefined;
    fake.requests.push({ method: req.method!, path: url.pathname, idempotencyKey: key });
    if (req.headers.authorization !== "Bearer sk_test_fake")
      return [401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } }];
    const isRefund = req.method === "POST" && url.pathname === "/v1/refunds";
    if (req.method === "POST" && key && byKey.has(key)) {
      if (isRefund && fake.refundAnswersLost) return [500, { error: { type: "api_error", message: "lost" } }];
      return [200, byKey.get(key)];
    }
    const remember = (body: unknown): [number, unknown] => {
      if (key) byKey.set(key, body);
      return [200, body];
    };
    if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
      const id = `pi_money_${++counter}`;
      const intent: FakeIntent = {
        id,
        object: "payment_intent",
        amount: Number(form.get("amount")),
        currency: form.get("currency")!,
        status: "requires_payment_method",
        client_secret: `${id}_secret_abc`,
        metadata: { orderId: form.get("metadata[orderId]")! },
        last_payment_error: null,
      };
      fake.intents.set(id, intent);
      return remember(intent);
    }
    let match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (match && req.method === "GET") {
      const intent = fake.intents.get(match[1]!);
      return intent ? [200, intent] : missing("payment_intent");
    }
    match = /^\/v1\/charges\/([^/]+)$/.exec(url.pathname);
    if (match && req.method === "GET") {
      const charge = fake.charges.get(match[1]!);
      return charge ? [200, charge] : missing("charge");
    }
    match = /^\/v1\/disputes\/([^/]+)$/.exec(url.pathname);
    if (match && req.method === "GET") {
      const dispute = fake.disputes.get(match[1]!);
      return dispute ? [200, dispute] : missing("dispute");
    }
    if (isRefund) {
      const intent = fake.intents.get(form.get("payment_intent")!);
      if (!intent || intent.status !== "succeeded") return missing("payment_intent");
      const charge = chargeOf(intent.id);
      const amount = Number(form.get("amount") ?? intent.amount);
      if (charge.amount_refunded + amount > charge.amount)
        return [
          400,
          { error: { type: "invalid_request_error", code: "charge_already_refunded", message: "refunded" } },
        ];
      refundCharge(charge, amount);
      const made = remember({ id: `re_money_${++counter}`, object: "refund", amount, payment_intent: intent.id });
      return fake.refundAnswersLost ? [500, { error: { type: "api_error", message: "lost" } }] : made;
    }
    return [404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${url.pathname})` } }];
  }

  const server: Server = createServer(async (req, res) => {
    const [status, body] = await answer(req);
    res.writeHead(status, { "content-type": "application/json", "request-id": `req_${counter}` });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const webhookSecret = "whsec_money_secret";
  Object.assign(fake, {
    settings: {
      secretKey: "sk_test_fake",
      publishableKey: "pk_test_fake",
      webhookSecret,
      apiBase: `http://127.0.0.1:${port}`,
    },
    chargeOf,
    dashboardRefund(intentId: string, amount: number) {
      const charge = chargeOf(intentId);
      refundCharge(charge, amount);
      return charge;
    },
    openDispute(intentId: string, amount: number, dueBy: Date) {
      const charge = chargeOf(intentId);
      const dispute: FakeDispute = {
        id: `dp_money_${++counter}`,
        object: "dispute",
        amount,
        currency: charge.currency,
        status: "needs_response",
        reason: "product_not_received",
        charge: charge.id,
        payment_intent: intentId,
        evidence_details: { due_by: Math.floor(dueBy.getTime() / 1000) },
      };
      fake.disputes.set(dispute.id, dispute);
      return dispute;
    },
    event(type: string, object: unknown, id = `evt_money_${++counter}`) {
      const payload = JSON.stringify({ id, object: "event", type, data: { object } });
      return {
        id,
        payload,
        signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return fake;
}
