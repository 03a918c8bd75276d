import type { Locale } from "./locale.ts";

/** The carriers the studio ships with, and each one's public tracking page (decision 029). */
export const CARRIERS = ["canada_post", "purolator", "ups", "fedex"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_NAMES: Record<Locale, Record<Carrier, string>> = {
  en: { canada_post: "Canada Post", purolator: "Purolator", ups: "UPS", fedex: "FedEx" },
  fr: { canada_post: "Postes Canada", purolator: "Purolator", ups: "UPS", fedex: "FedEx" },
};

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === "string" && (CARRIERS as readonly string[]).includes(value);
}

/** "1234 5678 9012 3456" → "1234567890123456"; null when it cannot be a tracking number. */
export function normaliseTrackingNumber(value: string): string | null {
  const compact = value.replace(/[\s-]+/g, "").toUpperCase();
  return /^[A-Z0-9]{6,40}$/.test(compact) ? compact : null;
}

export function trackingUrl(carrier: Carrier, trackingNumber: string, locale: Locale): string {
  const number = encodeURIComponent(trackingNumber);
  const region = locale === "fr" ? "fr_CA" : "en_CA";
  switch (carrier) {
    case "canada_post":
      return `https://www.canadapost-postescanada.ca/track-reperage/${locale}#/details/${number}`;
    case "purolator":
      return `https://www.purolator.com/${locale}/shipping/tracker?pin=${number}`;
    case "ups":
      return `https://www.ups.com/track?loc=${region}&tracknum=${number}`;
    case "fedex":
      return `https://www.fedex.com/fedextrack/?trknbr=${number}&locale=${region}`;
  }
}
