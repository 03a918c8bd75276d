import type { Route } from "./+types/admin-index";
import { data } from "react-router";
import { AdminHeader } from "~/features/admin/ui";
import {
  FunnelSection,
  PeriodForm,
  ProductionAndStock,
  SalesSection,
  TaxesSection,
  ToFulfilSection,
} from "~/features/admin/dashboard";
import { FirstSteps } from "~/features/admin/first-steps";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useMessages } from "~/features/i18n/use-locale";
import { defaultRange, parseRange, studioDay } from "../../domain/dashboard-range.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { messagesFor } from "../../messages/messages.server.ts";
import { adminAnswer, askFirst, formText } from "../../server/admin/answer.ts";
import {
  acknowledgeStep,
  currentPaymentMode,
  firstSteps,
  removeSampleCatalogue,
  removeSampleProjects,
} from "../../server/admin/first-steps.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { dashboard } from "../../server/admin/dashboard.ts";
import { adminOverview } from "../../server/admin/overview.ts";
import { quotesOverview } from "../../server/quotes/review-and-production.ts";

export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const today = studioDay(new Date());
  const parsed = parseRange(
    { from: url.searchParams.get("from"), to: url.searchParams.get("to"), bucket: url.searchParams.get("bucket") },
    today,
  );
  // A bad period is said on the page, which shows the default one meanwhile.
  const problem =
    "problem" in parsed ? messagesFor(localeFromPath(url.pathname)).errors["dashboard.invalid_range"] : null;
  const range = "range" in parsed ? parsed.range : defaultRange(today);
  const steps = await firstSteps();
  const answer = {
    firstSteps: steps.every((step) => step.done) ? null : steps,
    paymentMode: currentPaymentMode(),
    overview: await adminOverview(),
    quotes: await quotesOverview(),
    dashboard: await dashboard(range),
    problem,
  };
  return problem ? data(answer, 400) : answer;
}

/** The first steps' own changes: mark a step done, remove the sample catalogue or projects (asked first). */
export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const t = messagesFor(locale).firstSteps;
  const form = await request.formData();
  const intent = formText(form, "intent");
  const id = formText(form, "id");
  if (intent === "removeSampleCatalogue" || intent === "removeSampleProjects") {
    const question =
      intent === "removeSampleCatalogue" ? t.steps.sampleCatalogue.confirm : t.steps.sampleProjects.confirm;
    const ask = askFirst(form, question, { intent, id });
    if (ask) return ask;
    return adminAnswer(intent, id, locale, async () => {
      if (intent === "removeSampleProjects") return t.steps.sampleProjects.removed(await removeSampleProjects());
      const removed = await removeSampleCatalogue();
      return t.steps.sampleCatalogue.removed(removed.items, removed.itemsKept);
    });
  }
  return adminAnswer("acknowledge", id, locale, async () => {
    await acknowledgeStep(id, admin.id);
    return t.acknowledged;
  });
}

export default function AdminIndex({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages("admin", "quoteAdmin", "dashboard");
  const a = m.admin;
  const { overview, quotes, dashboard: data, problem } = loaderData;
  const cards = [
    { to: "/admin/orders?status=pending", label: a.overviewCards.pendingOrders, value: overview.pendingOrders },
    { to: "/admin/orders?status=paid", label: a.overviewCards.paidOrders, value: overview.paidOrders },
    { to: "/admin/messages", label: a.overviewCards.unreadMessages, value: overview.unreadMessages },
    { to: "/admin/quotes", label: m.quoteAdmin.reviews, value: quotes.reviewRequests },
    { to: "/admin/inventory", label: a.overviewCards.items, value: overview.items },
    { to: "/admin/categories", label: a.overviewCards.categories, value: overview.categories },
  ];
  const { mail } = overview;
  return (
    <section className="space-y-6">
      <AdminHeader title={m.dashboard.title} intro={`${a.welcome} ${m.dashboard.intro}`} />
      {loaderData.firstSteps && (
        <FirstSteps
          steps={loaderData.firstSteps}
          configured={{ mail: mail.configured, payments: loaderData.paymentMode === "stripe" }}
          answer={actionData}
        />
      )}
      {!quotes.slicer.installed && <p className="alert-error">{m.quoteAdmin.slicerMissing}</p>}
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        {cards.map((card) => (
          <li key={card.label}>
            <LocalizedLink to={card.to} className="card block p-3 hover:bg-surface-2">
              <span className="block text-2xl font-bold">{card.value}</span>
              <span className="text-sm text-muted">{card.label}</span>
            </LocalizedLink>
          </li>
        ))}
      </ul>
      <PeriodForm range={data.range} problem={problem} />
      <SalesSection data={data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ToFulfilSection toFulfil={data.toFulfil} />
        <FunnelSection funnel={data.funnel} />
      </div>
      <TaxesSection taxes={data.taxes} range={data.range} />
      <ProductionAndStock production={data.production} lowStock={data.lowStock} />
      <section aria-labelledby="outbox-title" className="card p-5">
        <h2 id="outbox-title" className="text-lg font-bold">
          {a.outbox.title}
        </h2>
        <p className="mt-1">{mail.configured ? a.outbox.configured : a.outbox.notConfigured}</p>
        <p className="mt-1 text-muted">
          <LocalizedLink to="/admin/messages#outbox" className="text-accent underline">
            {a.outbox.waiting(mail.waiting)}
          </LocalizedLink>
          {mail.failing > 0 && <span className="font-semibold text-danger"> {a.outbox.failing(mail.failing)}</span>}
        </p>
      </section>
    </section>
  );
}
