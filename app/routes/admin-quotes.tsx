import { data, Form } from "react-router";
import type { Route } from "./+types/admin-quotes";
import { DataTable } from "~/features/admin/data-table";
import { AdminHeader, Notice } from "~/features/admin/ui";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { PrintabilityNotes } from "~/features/quote/printability-notes";
import { useFormatters } from "~/features/orders/format";
import { intlLocale, localeFromPath } from "../../domain/locale.ts";
import type { PriceTerms } from "../../domain/quote-pricing.ts";
import { messagesFor } from "../../messages/messages.server.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { DomainError } from "../../server/errors.ts";
import { errorText } from "../../server/http/error-text.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { mailIsSent } from "../../server/mail/mailer.ts";
import {
  declineReview,
  listProduction,
  listReviewRequests,
  quotesOverview,
  setReviewPrice,
  type AdminQuote,
} from "../../server/quotes/review-and-production.ts";
import { setProductionStatus } from "../../server/quotes/workflow.ts";
import { currentTerms } from "../../server/quotes/quotes.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "quoteAdmin", (m) => m.quoteAdmin.title);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const [reviews, production, overview, { terms }] = await Promise.all([
    listReviewRequests(),
    listProduction(),
    quotesOverview(),
    currentTerms(),
  ]);
  return { reviews, production, overview, terms };
}

const NEXT: Record<string, string> = { queued: "printing", printing: "post_processing", post_processing: "done" };

export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requirePageAdmin(request);
  const m = messagesFor(localeFromPath(url.pathname)).quoteAdmin;
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  try {
    const intent = form.get("intent");
    switch (intent) {
      case "price":
      case "decline": {
        const { mailed } = await (intent === "price"
          ? setReviewPrice(id, {
              unitCents: Math.round(Number(String(form.get("price") ?? "").replace(",", ".")) * 100),
            })
          : declineReview(id, { reason: String(form.get("reason") ?? "") }));
        // Says "sent" only when a mail server sends it.
        const said = intent === "price" ? "priced" : "declined";
        const message = !mailed ? m[`${said}NoMail`] : mailIsSent() ? m[said] : m[`${said}InOutbox`];
        return { ok: true as const, message };
      }
      case "advance":
        await setProductionStatus(id, { from: form.get("from"), to: form.get("to") });
        return { ok: true as const, message: m.moved };
    }
    return data({ ok: false as const, message: "Unknown action" }, 400);
  } catch (error) {
    if (error instanceof DomainError)
      return data(
        { ok: false as const, message: errorText(error, localeFromPath(url.pathname)).message },
        error.status,
      );
    throw error;
  }
}

function describe(
  q: AdminQuote,
  terms: PriceTerms,
  locale: "en" | "fr",
  m: ReturnType<typeof useMessages<"quoteAdmin">>["quoteAdmin"],
) {
  const material = terms.materials.find((x) => x.id === q.materialId);
  const colour = material?.colours.find((c) => c.id === q.colourId);
  const quality = terms.qualities.find((x) => x.id === q.qualityId);
  return m.optionsText(
    material?.name[locale] ?? q.materialId,
    colour?.name[locale] ?? q.colourId,
    quality?.name[locale] ?? q.qualityId,
    q.infillPercent,
    q.quantity,
  );
}

export default function AdminQuotes({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages("quoteAdmin", "quote");
  const a = m.quoteAdmin;
  const f = useFormatters();
  const { reviews, production, overview, terms } = loaderData;
  const n = (value: number, digits = 1) =>
    new Intl.NumberFormat(intlLocale(f.locale), { maximumFractionDigits: digits }).format(value);
  const size = (q: AdminQuote) => a.size(...(q.sizeMm.map((v) => n(v * q.scale)) as [string, string, string]));
  const hours = (s: number) => `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;

  return (
    <section>
      <AdminHeader title={a.title} intro={a.intro} />
      {actionData && <Notice kind={actionData.ok ? "success" : "error"}>{actionData.message}</Notice>}
      <p className={overview.slicer.installed ? "mb-6 text-muted" : "alert-error mb-6"}>
        {overview.slicer.installed ? a.slicerReady(overview.slicer.version ?? "") : a.slicerMissing}
      </p>

      <h2 className="mt-6 text-xl font-bold">{a.reviews}</h2>
      {reviews.length === 0 ? (
        <p className="mt-2 text-muted">{a.noReviews}</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {reviews.map((q) => (
            <li key={q.id} className="card space-y-3" aria-labelledby={`review-${q.id}`}>
              <h3 id={`review-${q.id}`} className="font-semibold break-all">
                {q.fileName}
              </h3>
              <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold">{a.file}</dt>
                <dd>
                  <a href={`/api/quotes/${q.id}/file`} download className="text-accent underline">
                    {a.download(q.fileName)}
                  </a>{" "}
                  · {size(q)}
                  {q.scale !== 1 && ` (${a.scaled(String(q.scale))})`}
                  {q.turned && (
                    <>
                      {" · "}
                      <a href={`/api/quotes/${q.id}/printed.stl`} download className="text-accent underline">
                        {a.downloadTurned}
                      </a>
                    </>
                  )}
                </dd>
                <dt className="font-semibold">{a.options}</dt>
                <dd>{describe(q, terms, f.locale, a)}</dd>
                <dt className="font-semibold">{a.reason}</dt>
                <dd>
                  {q.failureCode ? (m.quote.failures[q.failureCode] ?? q.failureCode) : "—"}
                  {q.sliceDetail ? ` (${q.sliceDetail})` : ""}
                </dd>
                <dt className="font-semibold">{a.buyer}</dt>
                <dd>{q.buyerEmail}</dd>
                {q.reviewNote && (
                  <>
                    <dt className="font-semibold">{a.note}</dt>
                    <dd className="whitespace-pre-wrap">{q.reviewNote}</dd>
                  </>
                )}
              </dl>
              <PrintabilityNotes report={q.printability} partName={q.fileName} headingLevel={4} />
              <div className="flex flex-wrap items-end gap-4">
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="price" />
                  <input type="hidden" name="id" value={q.id} />
                  <div>
                    <label className="field-label" htmlFor={`price-${q.id}`}>
                      {a.unitPrice}
                    </label>
                    <input
                      id={`price-${q.id}`}
                      name="price"
                      inputMode="decimal"
                      required
                      className="field-input w-32"
                    />
                  </div>
                  <button type="submit" className="btn btn-primary">
                    {a.setPrice}
                  </button>
                </Form>
                <Form method="post" className="flex flex-1 items-end gap-2">
                  <input type="hidden" name="intent" value="decline" />
                  <input type="hidden" name="id" value={q.id} />
                  <div className="flex-1">
                    <label className="field-label" htmlFor={`reason-${q.id}`}>
                      {a.declineReason}
                    </label>
                    <input id={`reason-${q.id}`} name="reason" required maxLength={1000} className="field-input" />
                  </div>
                  <button type="submit" className="btn btn-secondary">
                    {a.decline}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-10 text-xl font-bold">{a.production}</h2>
      <DataTable
        caption={a.production}
        rows={production}
        rowKey={(q) => q.id}
        empty={a.noProduction}
        columns={[
          {
            id: "file",
            header: a.file,
            primary: true,
            cell: (q) => (
              <span className="font-normal">
                <a href={`/api/quotes/${q.id}/file`} download className="font-semibold break-all text-accent underline">
                  {a.download(q.fileName)}
                </a>
                {q.turned && (
                  <a href={`/api/quotes/${q.id}/printed.stl`} download className="block text-accent underline">
                    {a.downloadTurned}
                  </a>
                )}
                <span className="block text-muted">{size(q)}</span>
              </span>
            ),
          },
          {
            id: "options",
            header: a.options,
            cell: (q) => (
              <span>
                {describe(q, terms, f.locale, a)}
                {q.grams !== null && q.printSeconds !== null && (
                  <span className="block text-muted">{a.slicerResult(n(q.grams), hours(q.printSeconds))}</span>
                )}
                <span className="block text-muted">{q.buyerEmail}</span>
              </span>
            ),
          },
          { id: "order", header: a.order, cell: (q) => <span className="font-mono">{q.orderId}</span> },
          {
            id: "status",
            header: a.status,
            cell: (q) => {
              const next = q.productionStatus ? NEXT[q.productionStatus] : undefined;
              return (
                <div>
                  <span className="block font-semibold">{a.statuses[q.productionStatus ?? "queued"]}</span>
                  {next && (
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="intent" value="advance" />
                      <input type="hidden" name="id" value={q.id} />
                      <input type="hidden" name="from" value={q.productionStatus ?? ""} />
                      <input type="hidden" name="to" value={next} />
                      <button type="submit" className="btn btn-secondary">
                        {a.moveTo(a.statuses[next]!)}
                      </button>
                    </Form>
                  )}
                </div>
              );
            },
          },
        ]}
      />
    </section>
  );
}
