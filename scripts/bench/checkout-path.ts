/**
 * The checkout-and-pay path as signed-in buyers take it through the API: place an order, create
 * the payment intent, pay with the sandbox's success card, verify. Buyers run `concurrency` at a
 * time; each step's latency is recorded. With several server addresses (bench:scale), buyer n
 * signs up and orders through server n, and pays through the next one, as a load balancer may send
 * them. `verify` makes the new buyer's address verified (the sign-up e-mail's link, or the
 * database), as placing an order needs.
 */
type Step = "sign-up" | "verify e-mail" | "place order" | "createPaymentIntent" | "confirm card" | "verifyPayment";

export async function checkoutAndPay(
  urls: string | string[],
  buyers: number,
  concurrency = 10,
  itemFor: (n: number) => string = (n) => `bench-${n % 5000}`,
  verify: (email: string) => Promise<void>,
): Promise<void> {
  const servers = typeof urls === "string" ? [urls] : urls;
  const timings = new Map<Step, number[]>();
  let errors = 0;
  const origin = { origin: servers[0]!, "content-type": "application/json" };

  async function timed<T>(step: Step, run: () => Promise<Response>): Promise<T> {
    const started = performance.now();
    const response = await run();
    const list = timings.get(step) ?? [];
    list.push(performance.now() - started);
    timings.set(step, list);
    if (!response.ok) throw new Error(`${step}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function buyer(n: number) {
    const url = servers[n % servers.length]!;
    const payUrl = servers[(n + 1) % servers.length]!;
    const email = `bench-buyer-${Date.now()}-${n}@example.test`;
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: origin,
      body: JSON.stringify({ name: `buyer${n}`, email, password: "bench-password" }),
    });
    if (!signUp.ok) throw new Error(`sign-up: ${signUp.status}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const headers = { ...origin, cookie };
    const verifying = performance.now();
    await verify(email);
    timings.set("verify e-mail", [...(timings.get("verify e-mail") ?? []), performance.now() - verifying]);
    const post =
      (path: string, body: unknown, base = url) =>
      () =>
        fetch(base + path, { method: "POST", headers, body: JSON.stringify(body) });

    const { order } = await timed<{ order: { id: string } }>(
      "place order",
      post("/api/orders", { lines: [{ itemId: itemFor(n), quantity: 1 }], delivery: { method: "pickup" } }),
    );
    const intent = await timed<{ clientSecret: string; paymentIntent: string }>(
      "createPaymentIntent",
      post("/api/createPaymentIntent", { orderId: order.id }, payUrl),
    );
    await timed(
      "confirm card",
      post(
        `/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`,
        {
          clientSecret: intent.clientSecret,
          card: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
        },
        payUrl,
      ),
    );
    const verified = await timed<{ success: boolean }>(
      "verifyPayment",
      post("/api/verifyPayment", { paymentIntent: intent.paymentIntent, clientSecret: intent.clientSecret }, payUrl),
    );
    if (!verified.success) throw new Error("verifyPayment: not successful");
  }

  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < buyers) {
        const n = next++;
        await buyer(n).catch((error) => {
          errors++;
          if (errors <= 3) console.error(String(error).slice(0, 200));
        });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const percentile = (values: number[], p: number) =>
    values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;
  console.log(
    `checkout-and-pay: ${buyers} buyers, ${concurrency} at a time, ${(buyers / seconds).toFixed(1)} paid orders/s, ${errors} errors`,
  );
  for (const [step, values] of timings) {
    console.log(
      `  ${step.padEnd(22)} p50 ${percentile(values, 50).toFixed(0).padStart(5)} ms   p99 ${percentile(values, 99).toFixed(0).padStart(5)} ms`,
    );
  }
}
