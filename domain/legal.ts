/** The legal pages, at their English paths (French under /fr). Linked from the footer and the checkout. */
export const LEGAL_PATHS = { privacy: "/privacy", terms: "/terms-of-sale", returns: "/returns" } as const;
export type LegalPage = keyof typeof LEGAL_PATHS;

/** Which legal page a path (English or French) shows. */
export function legalPageAt(pathname: string): LegalPage | undefined {
  const path = pathname.replace(/^\/fr(?=\/)/, "").replace(/\/$/, "");
  return (Object.keys(LEGAL_PATHS) as LegalPage[]).find((page) => LEGAL_PATHS[page] === path);
}

/** When the legal pages last changed in substance (shown on each). */
export const LEGAL_UPDATED = "2026-11-23";
