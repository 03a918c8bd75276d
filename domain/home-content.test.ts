import { describe, expect, it } from "vitest";
import {
  cardHasFrench,
  fillCity,
  HOME_LIMITS,
  homeCardInput,
  homeCardSchema,
  homeErrors,
  homeHeroSchema,
} from "./home-content.ts";

const hero = {
  eyebrowEn: "Studio",
  eyebrowFr: "Atelier",
  titleEn: "Title",
  titleFr: "Titre",
  subtitleEn: "In our {city} studio.",
  subtitleFr: "Dans notre atelier de {city}.",
  imageAltEn: "A printer",
  imageAltFr: "Une imprimante",
};

describe("home page content", () => {
  it("reads a card form: English required, French may wait, a check box absent is false", () => {
    const form = new FormData();
    form.set("icon", "lamp");
    form.set("titleEn", "  Decoration ");
    form.set("textEn", "Lamps.");
    const card = homeCardSchema.parse(homeCardInput(form));
    expect(card).toEqual({
      icon: "lamp",
      title: { en: "Decoration", fr: "" },
      text: { en: "Lamps.", fr: "" },
      published: false,
    });
    expect(cardHasFrench(card)).toBe(false);
    expect(cardHasFrench({ title: { en: "a", fr: "b" }, text: { en: "a", fr: " " } })).toBe(false);
    expect(cardHasFrench({ title: { en: "a", fr: "b" }, text: { en: "a", fr: "c" } })).toBe(true);
  });

  it("words every problem as a code: required, too long, an icon not drawn", () => {
    const parsed = homeCardSchema.safeParse({
      icon: "rocket",
      titleEn: "t".repeat(HOME_LIMITS.cardTitle + 1),
      textEn: " ",
      textFr: "x".repeat(HOME_LIMITS.cardText + 1),
    });
    expect(parsed.success).toBe(false);
    expect(homeErrors(parsed.error!.issues)).toEqual({
      icon: "invalid",
      titleEn: "tooLong",
      textEn: "required",
      textFr: "tooLong",
    });
  });

  it("requires the hero in both languages, within its limits", () => {
    expect(homeHeroSchema.parse(hero).subtitle).toEqual({
      en: "In our {city} studio.",
      fr: "Dans notre atelier de {city}.",
    });
    const parsed = homeHeroSchema.safeParse({ ...hero, titleFr: "", subtitleEn: "s".repeat(HOME_LIMITS.subtitle + 1) });
    expect(homeErrors(parsed.error!.issues)).toEqual({ titleFr: "required", subtitleEn: "tooLong" });
  });

  it('fills {city} with the studio\'s city, eliding French "de" before a vowel', () => {
    expect(fillCity(hero.subtitleEn, "Montréal, QC", "en")).toBe("In our Montréal studio.");
    expect(fillCity(hero.subtitleFr, "Montréal, QC", "fr")).toBe("Dans notre atelier de Montréal.");
    expect(fillCity(hero.subtitleFr, "Ottawa, ON", "fr")).toBe("Dans notre atelier d’Ottawa.");
    expect(fillCity("No city here.", "Ottawa", "fr")).toBe("No city here.");
  });
});
