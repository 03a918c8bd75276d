import { intlLocale } from "../../../domain/locale.ts";
import type { PrintabilityReport } from "../../../domain/printability-report.ts";
import { useLocale, useMessages } from "~/features/i18n/use-locale";

/**
 * What a printer would make badly of a part, in words: for the buyer beside the price, and for the
 * owner on a request for review, of the part as it is printed (scaled and turned). `null` is a report
 * still on its way.
 */
export function PrintabilityNotes({
  report,
  partName,
  headingLevel = 3,
}: {
  report: PrintabilityReport | null;
  /** Names the region: a page lists several parts, and each landmark needs a name of its own. */
  partName: string;
  headingLevel?: 3 | 4;
}) {
  const m = useMessages("quote").quote.printability;
  const locale = useLocale();
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: digits }).format(value);
  const Heading = `h${headingLevel}` as const;
  const findings = report
    ? [
        report.thinWalls.faces > 0 && m.thinWalls(report.thinWalls.faces, number(report.thinWalls.thinnestMm ?? 0, 2)),
        report.overhangs.faces > 0 && m.overhangs(number(report.overhangs.areaMm2 / 100, 1)),
        report.openEdges.faces > 0 && m.openEdges(report.openEdges.faces),
        !report.fitsBed && m.tooBig,
      ].filter((finding): finding is string => Boolean(finding))
    : [];
  return (
    <section className="text-sm" aria-label={m.regionOf(partName)} data-testid="printability">
      <Heading className="font-semibold">{m.title}</Heading>
      {!report ? (
        <p className="text-muted">{m.pending}</p>
      ) : findings.length === 0 ? (
        <p>{m.clean}</p>
      ) : (
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {findings.map((finding) => (
            <li key={finding}>{finding}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
