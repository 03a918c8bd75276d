import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Form } from "react-router";
import { FIRST_DAY, LAST_DAY } from "../../../domain/calendar-day.ts";
import { changePercent, DASHBOARD_BUCKETS, type DashboardRange } from "../../../domain/dashboard-range.ts";
import { intlLocale } from "../../../domain/locale.ts";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useMessages } from "~/features/i18n/use-locale";
import { useFormatters } from "~/features/orders/format";
import { useRootData } from "~/root";

const SalesChart = lazy(() => import("./sales-chart"));

/** What the route's loader gives the dashboard (server/admin/dashboard.ts). */
export type DashboardData = {
  range: DashboardRange;
  series: { start: string; salesCents: number; orders: number; refundedCents: number }[];
  totals: {
    salesCents: number;
    orders: number;
    refundedCents: number;
    previousSalesCents: number;
    previousOrders: number;
  };
  taxes: { code: string; collectedCents: number; refundedCents: number; netCents: number }[];
  toFulfil: {
    count: number;
    orders: {
      id: string;
      paidAt: string;
      ageHours: number;
      totalCents: number;
      method: string | null;
      buyer: string;
    }[];
  };
  funnel: { requested: number; priced: number; ordered: number; declined: number; waitingForReview: number };
  production: { parts: number; printerHours: number; partsWithoutTime: number; workingDays: number };
  lowStock: { id: string; slug: string; name: { en: string; fr?: string }; available: number }[];
};

export function PeriodForm({ range, problem }: { range: DashboardRange; problem: string | null }) {
  const d = useMessages("dashboard").dashboard;
  return (
    <Form method="get" className="card flex flex-wrap items-end gap-3 p-4" aria-label={d.period}>
      <div>
        <label htmlFor="dash-from" className="field-label">
          {d.from}
        </label>
        <input
          id="dash-from"
          name="from"
          type="date"
          min={FIRST_DAY}
          max={LAST_DAY}
          defaultValue={range.from}
          className="field-input"
        />
      </div>
      <div>
        <label htmlFor="dash-to" className="field-label">
          {d.to}
        </label>
        <input
          id="dash-to"
          name="to"
          type="date"
          min={FIRST_DAY}
          max={LAST_DAY}
          defaultValue={range.to}
          className="field-input"
        />
      </div>
      <div>
        <label htmlFor="dash-bucket" className="field-label">
          {d.bucket}
        </label>
        <select id="dash-bucket" name="bucket" defaultValue={range.bucket} className="field-input">
          {DASHBOARD_BUCKETS.map((bucket) => (
            <option key={bucket} value={bucket}>
              {d.buckets[bucket]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-secondary">
        {d.show}
      </button>
      {problem && (
        <p role="alert" className="alert-error w-full">
          {problem}
        </p>
      )}
    </Form>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="card p-5">
      <p className="text-muted">{label}</p>
      <p className="text-3xl font-bold">{value}</p>
      <p className="text-sm text-muted">{detail}</p>
    </div>
  );
}

export function SalesSection({ data }: { data: DashboardData }) {
  const d = useMessages("dashboard").dashboard;
  const f = useFormatters();
  const { currency } = useRootData();
  const hydrated = useHydrated();
  const { totals, series, range } = data;
  const dayFormat = new Intl.DateTimeFormat(intlLocale(f.locale), { dateStyle: "medium", timeZone: "UTC" });
  const day = (iso: string) => dayFormat.format(new Date(`${iso}T12:00:00Z`));
  const change = (now: number, before: number) => {
    const percent = changePercent(now, before);
    return percent === null ? d.noPrevious : d.change(percent);
  };
  const chartLabel = d.salesChart(day(range.from), day(range.to));
  return (
    <section aria-labelledby="sales-title" className="space-y-4">
      <h2 id="sales-title" className="text-xl font-bold">
        {d.sales}
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure
          label={d.sales}
          value={f.money(totals.salesCents)}
          detail={`${change(totals.salesCents, totals.previousSalesCents)} · ${d.previous(f.money(totals.previousSalesCents))}`}
        />
        <Figure
          label={d.orders}
          value={String(totals.orders)}
          detail={`${change(totals.orders, totals.previousOrders)} · ${d.previous(String(totals.previousOrders))}`}
        />
        <Figure label={d.refunded} value={f.money(totals.refundedCents)} detail="" />
      </div>
      <figure className="card p-4">
        {hydrated ? (
          <Suspense fallback={<p className="text-muted">{d.chartLoading}</p>}>
            <SalesChart
              points={series}
              label={chartLabel}
              salesLabel={d.sales}
              refundedLabel={d.refunded}
              locale={f.locale}
              currency={currency}
            />
          </Suspense>
        ) : (
          <p className="text-muted">{d.chartLoading}</p>
        )}
        <figcaption className="sr-only">{chartLabel}</figcaption>
        <details className="mt-3">
          <summary className="cursor-pointer">{d.asTable}</summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{chartLabel}</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col">{d.start}</th>
                  <th scope="col" className="text-right">
                    {d.sales}
                  </th>
                  <th scope="col" className="text-right">
                    {d.orders}
                  </th>
                  <th scope="col" className="text-right">
                    {d.refunded}
                  </th>
                </tr>
              </thead>
              <tbody>
                {series.map((point) => (
                  <tr key={point.start} className="border-t border-border">
                    <th scope="row" className="py-1 text-left font-normal">
                      {day(point.start)}
                    </th>
                    <td className="text-right">{f.money(point.salesCents)}</td>
                    <td className="text-right">{point.orders}</td>
                    <td className="text-right">{f.money(point.refundedCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figure>
    </section>
  );
}

export function TaxesSection({ taxes, range }: { taxes: DashboardData["taxes"]; range: DashboardRange }) {
  const d = useMessages("dashboard").dashboard;
  const f = useFormatters();
  return (
    <section aria-labelledby="taxes-title" className="card space-y-3 p-5">
      <h2 id="taxes-title" className="text-xl font-bold">
        {d.taxes}
      </h2>
      <p className="text-sm text-muted">{d.taxesIntro}</p>
      <a
        href={`/api/admin/reports/taxes.csv?from=${range.from}&to=${range.to}`}
        download
        className="inline-block underline"
      >
        {d.taxReport}
      </a>
      {taxes.length === 0 ? (
        <p>{d.noTaxes}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th scope="col">{d.tax}</th>
                <th scope="col" className="text-right">
                  {d.collected}
                </th>
                <th scope="col" className="text-right">
                  {d.given}
                </th>
                <th scope="col" className="text-right">
                  {d.net}
                </th>
              </tr>
            </thead>
            <tbody>
              {taxes.map((tax) => (
                <tr key={tax.code} className="border-t border-border">
                  <th scope="row" className="py-1 text-left">
                    {tax.code}
                  </th>
                  <td className="text-right">{f.money(tax.collectedCents)}</td>
                  <td className="text-right">{f.money(tax.refundedCents)}</td>
                  <td className="text-right font-semibold">{f.money(tax.netCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function ToFulfilSection({ toFulfil }: { toFulfil: DashboardData["toFulfil"] }) {
  const d = useMessages("dashboard").dashboard;
  const f = useFormatters();
  return (
    <section aria-labelledby="fulfil-title" className="card space-y-3 p-5">
      <h2 id="fulfil-title" className="text-xl font-bold">
        {d.toFulfil}
      </h2>
      {toFulfil.count === 0 ? (
        <p>{d.nothingToFulfil}</p>
      ) : (
        <>
          <p>
            {d.toFulfilCount(toFulfil.count)} {d.oldestFirst}
          </p>
          <ol className="divide-y divide-border">
            {toFulfil.orders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <LocalizedLink to={`/admin/orders/${order.id}`} className="font-semibold underline">
                  {order.id}
                </LocalizedLink>
                <span className="text-sm text-muted">{order.buyer}</span>
                <span className="text-sm">{order.method ? (d.methods[order.method] ?? order.method) : ""}</span>
                <span>{f.money(order.totalCents)}</span>
                <span className="text-sm font-semibold">
                  {d.waitingFor}: {d.age(order.ageHours)}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

export function FunnelSection({ funnel }: { funnel: DashboardData["funnel"] }) {
  const d = useMessages("dashboard").dashboard;
  const steps = (["requested", "priced", "ordered", "declined", "waitingForReview"] as const).map((step) => ({
    step,
    value: funnel[step],
  }));
  const most = Math.max(1, funnel.requested);
  return (
    <section aria-labelledby="funnel-title" className="card space-y-3 p-5">
      <h2 id="funnel-title" className="text-xl font-bold">
        {d.funnel}
      </h2>
      <p className="text-sm text-muted">{d.funnelIntro}</p>
      <ol className="space-y-2">
        {steps.map(({ step, value }) => (
          <li key={step}>
            <div className="flex justify-between gap-2">
              <span>{d.funnelSteps[step]}</span>
              <strong>{value}</strong>
            </div>
            <div aria-hidden="true" className="h-2 rounded bg-surface-2">
              <div className="h-2 rounded bg-accent" style={{ width: `${Math.round((value / most) * 100)}%` }} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ProductionAndStock({ production, lowStock }: Pick<DashboardData, "production" | "lowStock">) {
  const d = useMessages("dashboard").dashboard;
  const f = useFormatters();
  const hours = new Intl.NumberFormat(intlLocale(f.locale), { maximumFractionDigits: 1 }).format(
    production.printerHours,
  );
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="production-title" className="card space-y-2 p-5">
        <h2 id="production-title" className="text-xl font-bold">
          {d.production}
        </h2>
        <p className="text-3xl font-bold">{d.printerHours(hours)}</p>
        <p>{d.parts(production.parts)}</p>
        {production.workingDays > 0 && <p>{d.workingDays(production.workingDays)}</p>}
        {production.partsWithoutTime > 0 && (
          <p className="text-sm text-muted">{d.withoutTime(production.partsWithoutTime)}</p>
        )}
        <LocalizedLink to="/admin/quotes" className="underline">
          {d.production}
        </LocalizedLink>
      </section>
      <section aria-labelledby="stock-title" className="card space-y-2 p-5">
        <h2 id="stock-title" className="text-xl font-bold">
          {d.lowStock}
        </h2>
        <p className="text-sm text-muted">{d.lowStockIntro}</p>
        {lowStock.length === 0 ? (
          <p>{d.noLowStock}</p>
        ) : (
          <ul className="divide-y divide-border">
            {lowStock.map((item) => (
              <li key={item.id} className="flex justify-between gap-2 py-1">
                <LocalizedLink to={`/admin/inventory/${item.id}`} className="underline">
                  {(f.locale === "fr" && item.name.fr) || item.name.en}
                </LocalizedLink>
                <span>
                  {d.available}: <strong>{item.available}</strong>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
