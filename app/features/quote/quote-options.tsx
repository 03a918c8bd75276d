import { useLocale, useMessages } from "~/features/i18n/use-locale";
import type { OrientationChoice } from "../../../domain/orientation.ts";
import { offeredChoices, type PriceTerms, type QuoteOptions } from "../../../domain/quote-pricing.ts";
import type { QuoteView } from "../../../domain/quote-view.ts";
import { QuantityField, Select } from "./option-fields";
import { number } from "./quote-format";

/**
 * The part's options: material, colour, quality, infill, quantity and, where it matters, how the
 * part lies on the plate. Each change is sent at once (`onChange`); in an order or with the studio
 * the fieldset is locked.
 */
export function QuoteOptionsForm({
  quote,
  options,
  orientation,
  terms,
  locked,
  idPrefix,
  onChange,
}: {
  quote: QuoteView;
  options: QuoteOptions;
  orientation: OrientationChoice;
  terms: PriceTerms;
  locked: boolean;
  /** Names the orientation radios apart from another part's. */
  idPrefix: string;
  onChange: (next: QuoteOptions, orientation?: OrientationChoice) => void;
}) {
  const m = useMessages("quote").quote;
  const locale = useLocale();
  const offered = offeredChoices(terms);
  const material = terms.materials.find((x) => x.id === options.materialId);
  const supportAreaMm2 = quote.orientation.supportAreaMm2 ?? null;
  return (
    <fieldset className="space-y-3" disabled={locked}>
      <legend className="text-lg font-semibold">{m.options}</legend>
      <Select
        label={m.material}
        value={options.materialId}
        onChange={(materialId) => {
          const next = offered.materials.find((x) => x.id === materialId)!;
          onChange({
            ...options,
            materialId,
            colourId: (next.colours.find((c) => c.inStock) ?? next.colours[0]!).id,
          });
        }}
        choices={offered.materials.map((x) => [x.id, x.name[locale]])}
      />
      <Select
        label={m.colour}
        value={options.colourId}
        onChange={(colourId) => onChange({ ...options, colourId })}
        choices={(offered.materials.find((x) => x.id === material?.id)?.colours ?? []).map((c) => [
          c.id,
          c.inStock ? c.name[locale] : m.outOfStock(c.name[locale]),
        ])}
      />
      <Select
        label={m.quality}
        value={options.qualityId}
        onChange={(qualityId) => onChange({ ...options, qualityId })}
        choices={offered.qualities.map((q) => [q.id, q.name[locale]])}
      />
      <Select
        label={m.infill}
        value={String(options.infillPercent)}
        onChange={(value) => onChange({ ...options, infillPercent: Number(value) })}
        choices={terms.infills.map((i) => [String(i), m.infillValue(i)])}
      />
      <QuantityField
        label={m.quantity}
        value={options.quantity}
        max={terms.maxQuantity}
        onChange={(quantity) => onChange({ ...options, quantity })}
      />
      {quote.orientation.offered ? (
        <fieldset className="space-y-1">
          <legend className="field-label">{m.orientation}</legend>
          {(["best", "as-file"] as const).map((choice) => (
            <label key={choice} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${idPrefix}-orientation`}
                value={choice}
                checked={orientation === choice}
                onChange={() => onChange(options, choice)}
                className="mt-1"
              />
              {choice === "best" ? m.orientationBest : m.orientationAsFile}
            </label>
          ))}
        </fieldset>
      ) : (
        quote.orientation.placement && <p className="text-sm">{m.orientationTurned}</p>
      )}
      {supportAreaMm2 !== null && (
        <p className="text-sm">
          {supportAreaMm2 > 0
            ? `${m.supportsIncluded(number(supportAreaMm2 / 100, locale, supportAreaMm2 < 1000 ? 1 : 0))} ${m.supportsLegend}`
            : m.noSupports}
        </p>
      )}
    </fieldset>
  );
}
