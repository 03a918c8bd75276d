import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFaqEntry } from "../../server/content/faq.ts";
import { createHomeCard, getHomeHero } from "../../server/content/home-content.ts";
import { ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/**
 * Issue 34, P4: an id or a version posted to an admin page that is not a small whole number is a
 * 4xx that says why in the page's language, on every intent, before any query: never a 500.
 */
export const BAD_NUMBERS = [
  "abc",
  "1.5",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e20",
  "2147483648",
  "9223372036854775808",
  "-1",
  "0",
];

let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
let faqId: number, cardId: number, cardVersion: number, heroVersion: number;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
  faqId = (await createFaqEntry({ questionEn: "Do you ship?", answerEn: "Yes.", published: false })).id;
  const card = await createHomeCard("services", { icon: "spool", titleEn: "Kits", textEn: "For schools." });
  [cardId, cardVersion] = [card.id, card.version];
  heroVersion = (await getHomeHero()).version;
}, 60_000);
afterAll(() => site.close());

function post(path: string, fields: Record<string, string>) {
  return site.app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

async function expectRefused(path: string, fields: Record<string, string>, words: string) {
  const response = await post(path, fields);
  const text = await response.text();
  const label = `${path} ${JSON.stringify(fields)}`;
  expect(response.status, `${label}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(response.status, label).toBeLessThan(500);
  expect(text, label).toContain(words);
}

const RELOAD = { en: "Reload the page and try again", fr: "Rechargez la page et réessayez" };
const faqText = { questionEn: "Do you ship?", answerEn: "Yes.", questionFr: "Livrez-vous ?", answerFr: "Oui." };
const heroText = {
  eyebrowEn: "Studio",
  eyebrowFr: "Atelier",
  titleEn: "Printed here",
  titleFr: "Imprimé ici",
  subtitleEn: "In Montréal",
  subtitleFr: "À Montréal",
  imageAltEn: "A printer",
  imageAltFr: "Une imprimante",
};
const cardText = {
  icon: "spool",
  titleEn: "Kits",
  textEn: "For schools.",
  titleFr: "Trousses",
  textFr: "Pour les écoles.",
};

describe.each([
  ["en", ""],
  ["fr", "/fr"],
] as const)("posted ids and versions (%s)", (locale, prefix) => {
  it.each(BAD_NUMBERS)("Admin → FAQ refuses the id %s on every intent", async (bad) => {
    for (const intent of ["save", "publish", "unpublish", "up", "down", "delete"])
      await expectRefused(`${prefix}/admin/faq`, { intent, id: bad, ...faqText }, RELOAD[locale]);
  });

  it.each(BAD_NUMBERS)("Admin → Home page refuses the id or version %s on every intent", async (bad) => {
    for (const intent of ["card-save", "publish", "unpublish", "delete"]) {
      await expectRefused(
        `${prefix}/admin/home`,
        { intent, id: bad, version: String(cardVersion), ...cardText },
        RELOAD[locale],
      );
      await expectRefused(
        `${prefix}/admin/home`,
        { intent, id: String(cardId), version: bad, ...cardText },
        RELOAD[locale],
      );
    }
    for (const intent of ["up", "down"])
      await expectRefused(`${prefix}/admin/home`, { intent, id: bad }, RELOAD[locale]);
    await expectRefused(`${prefix}/admin/home`, { intent: "hero-save", version: bad, ...heroText }, RELOAD[locale]);
  });

  it("a real id and version still work", async () => {
    const moved = await post(`${prefix}/admin/faq`, { intent: "down", id: String(faqId) });
    expect(moved.status).toBe(200);
    const hero = await post(`${prefix}/admin/home`, { intent: "hero-save", version: String(heroVersion), ...heroText });
    expect(hero.status).toBe(200);
    heroVersion += 1;
  });
});
