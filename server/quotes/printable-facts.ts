import type { Locale } from "../../domain/locale.ts";
import { offeredChoices } from "../../domain/quote-pricing.ts";
import { currentTerms } from "./quotes.ts";

export type PrintableFacts = { largestPartMm: { x: number; y: number; z: number }; materials: string };

/**
 * What /services says the printers take, from the same terms /quote prices with: the printer's
 * build volume and the materials offered in Admin → Materials, so the two pages never disagree.
 */
export async function printableFacts(locale: Locale): Promise<PrintableFacts> {
  const { terms } = await currentTerms();
  const names = offeredChoices(terms).materials.map((material) => material.name[locale]);
  const list = new Intl.ListFormat(locale === "fr" ? "fr-CA" : "en-CA", { type: "conjunction" });
  return { largestPartMm: terms.buildVolumeMm, materials: names.length > 0 ? list.format(names) : "" };
}
