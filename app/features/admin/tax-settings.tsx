import { Form } from "react-router";
import { useLocale, useMessages } from "../i18n/use-locale";
import { FIRST_DAY, LAST_DAY } from "../../../domain/calendar-day.ts";
import { PROVINCE_NAMES } from "../../../domain/provinces.ts";
import { REGISTRABLE, TAX_CHOICES } from "../../../domain/shop-settings.ts";
import { formatRate, taxName, type TaxCode } from "../../../domain/tax.ts";
import { Result, type SettingsForms } from "./settings-result";
import { Badge, Select, TextInput } from "./ui";

type Rate = { id: number; code: string; jurisdiction: string; ratePpm: number; effectiveFrom: string };

/** Admin → Settings: the provincial registrations, the tax rates (with the next ones) and the tax report. */
export function TaxSettings({
  registrations,
  rates,
  today,
  forms: { result, busy, errorsFor },
}: {
  registrations: { jurisdiction: string; registered: boolean }[];
  rates: Rate[];
  today: string;
  forms: SettingsForms;
}) {
  const s = useMessages("settings").settings;
  const locale = useLocale();
  const rateErrors = errorsFor("rate");
  // The rate in force today per tax, to mark it "current".
  const currentIds = new Set<number>();
  for (const rate of rates) {
    const same = rates.filter(
      (r) => r.code === rate.code && r.jurisdiction === rate.jurisdiction && r.effectiveFrom <= today,
    );
    const latest = same.sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0];
    if (latest) currentIds.add(latest.id);
  }
  return (
    <>
      <div className="card space-y-4">
        <h2 className="text-xl font-bold">{s.registrations.heading}</h2>
        <p className="text-muted">{s.registrations.intro}</p>
        <ul className="space-y-3">
          {REGISTRABLE.map(({ jurisdiction, code }) => {
            const registered = registrations.find((r) => r.jurisdiction === jurisdiction)?.registered ?? false;
            const name = `${taxName(code, locale)} (${PROVINCE_NAMES[locale][jurisdiction]})`;
            return (
              <li key={jurisdiction} className="flex flex-wrap items-center gap-3">
                <span className="min-w-48 font-semibold">{name}</span>
                <Badge tone={registered ? "success" : "neutral"}>
                  {registered ? s.registrations.registered : s.registrations.notRegistered}
                </Badge>
                <Form method="post">
                  <input type="hidden" name="intent" value="registration" />
                  <input type="hidden" name="target" value={jurisdiction} />
                  <input type="hidden" name="registered" value={registered ? "false" : "true"} />
                  <button type="submit" className="btn btn-secondary px-3 py-1.5 text-sm" disabled={busy}>
                    {registered ? s.registrations.unregister(name) : s.registrations.register(name)}
                  </button>
                </Form>
                <Result result={result} intent="registration" target={jurisdiction} />
              </li>
            );
          })}
        </ul>
      </div>

      <div className="card space-y-4">
        <h2 className="text-xl font-bold">{s.rates.heading}</h2>
        <p className="text-muted">{s.rates.intro}</p>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{s.rates.heading}</caption>
            <thead className="border-b border-border">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {s.rates.tax}
                </th>
                <th scope="col" className="px-3 py-2">
                  {s.rates.rate}
                </th>
                <th scope="col" className="px-3 py-2">
                  {s.rates.from}
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{s.rates.current}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rates.map((rate) => (
                <tr key={rate.id} className="border-b border-border last:border-0">
                  <th scope="row" className="px-3 py-2 font-semibold">
                    {taxName(rate.code as TaxCode, locale)} {rate.jurisdiction}
                  </th>
                  <td className="px-3 py-2 tabular-nums">{formatRate(rate.ratePpm, locale)}</td>
                  <td className="px-3 py-2 tabular-nums">{rate.effectiveFrom}</td>
                  <td className="px-3 py-2">
                    {currentIds.has(rate.id) ? (
                      <Badge tone="success">{s.rates.current}</Badge>
                    ) : rate.effectiveFrom > today ? (
                      <Badge tone="warning">{s.rates.scheduled}</Badge>
                    ) : (
                      <Badge>{s.rates.past}</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Form
          method="post"
          className="space-y-3 border-t border-border pt-4"
          aria-labelledby="rate-heading"
          key={rates.length}
        >
          <h3 id="rate-heading" className="text-lg font-semibold">
            {s.rates.addHeading}
          </h3>
          <Result result={result} intent="rate" />
          <input type="hidden" name="intent" value="rate" />
          <div className="grid gap-3 sm:grid-cols-3">
            <Select label={s.rates.tax} name="tax" defaultValue="" error={rateErrors.tax}>
              <option value="">{s.studio.chooseProvince}</option>
              {TAX_CHOICES.map((choice) => {
                const [code, place] = choice.split("-") as [TaxCode, string];
                return <option key={choice} value={choice}>{`${taxName(code, locale)} ${place}`}</option>;
              })}
            </Select>
            <TextInput label={s.rates.percent} name="percent" inputMode="decimal" error={rateErrors.percent} />
            <TextInput
              label={s.rates.effectiveFrom}
              name="effectiveFrom"
              type="date"
              min={today}
              defaultValue={today}
              error={rateErrors.effectiveFrom}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {s.rates.add}
          </button>
        </Form>
      </div>

      {/* A plain GET to the admin API: the browser downloads the CSV, with or without JavaScript. */}
      <form
        method="get"
        action="/api/admin/reports/taxes.csv"
        className="card space-y-4"
        aria-labelledby="report-heading"
      >
        <h2 id="report-heading" className="text-xl font-bold">
          {s.report.heading}
        </h2>
        <p className="text-muted">{s.report.intro}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput
            label={s.report.from}
            name="from"
            type="date"
            min={FIRST_DAY}
            max={LAST_DAY}
            required
            defaultValue={`${today.slice(0, 4)}-01-01`}
          />
          <TextInput
            label={s.report.to}
            name="to"
            type="date"
            min={FIRST_DAY}
            max={LAST_DAY}
            required
            defaultValue={today}
          />
        </div>
        <button type="submit" className="btn btn-secondary">
          {s.report.download}
        </button>
      </form>
    </>
  );
}
