/**
 * The parts of a page that belong to one person (decision 060). A page on the shared list is
 * rendered once for everybody with a placeholder in each slot; the server splices in each
 * person's own parts per request: the header's account menu, the cart button with its count, the
 * cart's notices, their share of the hydration data, and on the cart's page its lines (decision 073).
 */
export const PERSONAL_SLOTS = ["account", "cart", "notices", "data", "page"] as const;
/** The slots only some pages have: a shared page has each of them once or not at all. */
export const OPTIONAL_SLOTS: readonly string[] = ["page"];
export type PersonalSlot = (typeof PERSONAL_SLOTS)[number];
export type PersonalParts = Record<PersonalSlot, string>;

/** The placeholder, as React renders `<template data-personal={slot} />`. */
export function personalPlaceholder(slot: PersonalSlot): string {
  return `<template data-personal="${slot}"></template>`;
}

/** The element holding the person's root data (user, cart) in a spliced page, read before hydrating. */
export const PERSONAL_DATA_ID = "personal-data";
