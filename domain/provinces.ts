import type { Locale } from "./locale.ts";

/** The 13 provinces and territories, in the order Canada Post lists them. */
export const PROVINCES = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"] as const;
export type Province = (typeof PROVINCES)[number];

export function isProvince(value: unknown): value is Province {
  return typeof value === "string" && (PROVINCES as readonly string[]).includes(value);
}

export const PROVINCE_NAMES: Record<Locale, Record<Province, string>> = {
  en: {
    AB: "Alberta",
    BC: "British Columbia",
    MB: "Manitoba",
    NB: "New Brunswick",
    NL: "Newfoundland and Labrador",
    NS: "Nova Scotia",
    NT: "Northwest Territories",
    NU: "Nunavut",
    ON: "Ontario",
    PE: "Prince Edward Island",
    QC: "Quebec",
    SK: "Saskatchewan",
    YT: "Yukon",
  },
  fr: {
    AB: "Alberta",
    BC: "Colombie-Britannique",
    MB: "Manitoba",
    NB: "Nouveau-Brunswick",
    NL: "Terre-Neuve-et-Labrador",
    NS: "Nouvelle-Écosse",
    NT: "Territoires du Nord-Ouest",
    NU: "Nunavut",
    ON: "Ontario",
    PE: "Île-du-Prince-Édouard",
    QC: "Québec",
    SK: "Saskatchewan",
    YT: "Yukon",
  },
};

/** The first letter of a postal code says which province it is in (Canada Post's forward sortation areas). */
export const POSTAL_FIRST_LETTERS: Record<Province, string> = {
  NL: "A",
  NS: "B",
  PE: "C",
  NB: "E",
  QC: "GHJ",
  ON: "KLMNP",
  MB: "R",
  SK: "S",
  AB: "T",
  BC: "V",
  NT: "X",
  NU: "X",
  YT: "Y",
};
