import { Form } from "react-router";
import { useLocale, useMessages } from "../i18n/use-locale";
import { intlLocale } from "../../../domain/locale.ts";
import { Result, type SettingsForms } from "./settings-result";
import { TextInput } from "./ui";

/** Admin → Settings: the printers, their hours and the handling days, beside what is queued now. */
export function CapacityForm({
  studio,
  queue,
  forms: { result, busy, errorsFor },
}: {
  studio: { printers: number; hoursPerDay: number; marginDays: number; updatedAt: string | Date };
  queue: { hours: number; days: number };
  forms: SettingsForms;
}) {
  const s = useMessages("settings").settings;
  const locale = useLocale();
  const capacityErrors = errorsFor("capacity");
  return (
    <Form
      method="post"
      className="card space-y-4"
      aria-labelledby="capacity-heading"
      key={`capacity:${String(studio.updatedAt)}`}
    >
      <h2 id="capacity-heading" className="text-xl font-bold">
        {s.capacity.heading}
      </h2>
      <p className="text-muted">{s.capacity.intro}</p>
      <Result result={result} intent="capacity" />
      <input type="hidden" name="intent" value="capacity" />
      <input type="hidden" name="loadedAt" value={new Date(studio.updatedAt).toISOString()} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput
          label={s.capacity.printers}
          name="printers"
          inputMode="numeric"
          defaultValue={String(studio.printers)}
          required
          error={capacityErrors.printers}
        />
        <TextInput
          label={s.capacity.hoursPerDay}
          name="hoursPerDay"
          inputMode="numeric"
          defaultValue={String(studio.hoursPerDay)}
          required
          error={capacityErrors.hoursPerDay}
        />
        <TextInput
          label={s.capacity.marginDays}
          hint={s.capacity.marginHint}
          name="marginDays"
          inputMode="numeric"
          defaultValue={String(studio.marginDays)}
          required
          error={capacityErrors.marginDays}
        />
      </div>
      <p className="text-sm">
        {s.capacity.queue(
          new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 1 }).format(queue.hours),
          queue.days,
        )}
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {s.capacity.save}
      </button>
    </Form>
  );
}
