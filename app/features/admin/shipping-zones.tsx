import { Form } from "react-router";
import { useRootData } from "~/root";
import { useLocale, useMessages } from "../i18n/use-locale";
import { formatMoney } from "../../../domain/money.ts";
import { PROVINCE_NAMES } from "../../../domain/provinces.ts";
import { Result, type SettingsForms } from "./settings-result";
import { TextInput } from "./ui";

type Zone = {
  id: string;
  name: { en: string; fr: string };
  provinces: readonly string[];
  version: string;
  bands: readonly { maxGrams: number; priceCents: number }[];
};

/** Admin → Settings: each shipping zone's weight bands, two blank rows to add one. */
export function ShippingZones({ zones, forms: { result, busy, errorsFor } }: { zones: Zone[]; forms: SettingsForms }) {
  const s = useMessages("settings").settings;
  const locale = useLocale();
  const { currency } = useRootData();
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));
  return (
    <div className="card space-y-4">
      <h2 className="text-xl font-bold">{s.zones.heading}</h2>
      <p className="text-muted">{s.zones.intro}</p>
      {zones.map((zone) => {
        const zoneErrors = errorsFor("zone", zone.id);
        const rows = [...zone.bands, { maxGrams: null, priceCents: null }, { maxGrams: null, priceCents: null }];
        return (
          <Form
            key={`${zone.id}:${JSON.stringify(zone.bands)}`}
            method="post"
            className="space-y-3 border-t border-border pt-4"
            aria-labelledby={`zone-${zone.id}`}
          >
            <h3 id={`zone-${zone.id}`} className="text-lg font-semibold">
              {zone.name[locale]}
            </h3>
            <p className="text-sm text-muted">
              {s.zones.provinces(
                zone.provinces
                  .map((p) => PROVINCE_NAMES[locale][p as keyof (typeof PROVINCE_NAMES)["en"]] ?? p)
                  .join(", "),
              )}
            </p>
            <Result result={result} intent="zone" target={zone.id} />
            {zoneErrors.bands && <p className="text-sm font-medium text-danger">{zoneErrors.bands}</p>}
            <input type="hidden" name="intent" value="zone" />
            <input type="hidden" name="target" value={zone.id} />
            <input type="hidden" name="loadedVersion" value={zone.version} />
            <div className="grid gap-3 sm:grid-cols-2">
              {rows.map((band, i) => (
                <div key={i} className="contents">
                  <TextInput
                    label={s.zones.upTo(i + 1)}
                    name="maxGrams"
                    inputMode="numeric"
                    defaultValue={band.maxGrams ?? ""}
                    error={zoneErrors[`maxGrams.${i}`]}
                  />
                  <TextInput
                    label={s.zones.price(i + 1)}
                    name="price"
                    inputMode="decimal"
                    defaultValue={band.priceCents === null ? "" : dollars(band.priceCents)}
                    error={zoneErrors[`price.${i}`]}
                  />
                </div>
              ))}
            </div>
            <p className="sr-only">
              {zone.bands.map((b) => s.zones.band(String(b.maxGrams), money(b.priceCents))).join("; ")}
            </p>
            <button type="submit" className="btn btn-secondary" disabled={busy}>
              {s.zones.saveZone(zone.name[locale])}
            </button>
          </Form>
        );
      })}
    </div>
  );
}
