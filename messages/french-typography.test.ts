import { describe, expect, it } from "vitest";
import { fr } from "./fr/index.ts";

/**
 * Every French message, as shown: plain strings, and messages with values called with sample values
 * (a name that starts with a vowel, to catch "de Orignal").
 */
function frenchTexts(): { path: string; text: string }[] {
  const texts: { path: string; text: string }[] = [];
  const visit = (value: unknown, path: string) => {
    if (typeof value === "string") texts.push({ path, text: value });
    else if (typeof value === "function") {
      // Names (of people, items, places) get a word starting with a vowel; other values a number.
      const params =
        /^\(?([^)=]*)\)?\s*=>/
          .exec(value.toString())?.[1]
          .split(",")
          .map((p) => p.trim()) ?? [];
      const sample = (param: string | undefined) =>
        param === "studio: LegalStudio" || param === "studio"
          ? typeof value === "function" && /studio\.name/.test(value.toString())
            ? { name: "Atelier Orignal", email: "bonjour@atelier.example", phone: "514 555-0142", city: "Montréal" }
            : "Orignal"
          : param && /name|city|who/i.test(param)
            ? "Orignal"
            : 2;
      const args = Array.from({ length: Math.max(value.length, 1) }, (_, i) => sample(params[i]));
      const result = (value as (...a: unknown[]) => unknown)(...args);
      if (typeof result === "string") texts.push({ path: `${path}(…)`, text: result });
      else if (result && typeof result === "object") visit(result, `${path}(…)`);
    } else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) visit(inner, `${path}.${key}`);
    }
  };
  visit(fr, "fr");
  return texts;
}

const texts = frenchTexts();
const problems = (rule: RegExp) =>
  texts.filter(({ text }) => rule.test(text)).map(({ path, text }) => `${path}: ${text}`);

describe("French typography in every French catalogue", () => {
  it("reads hundreds of messages", () => {
    expect(texts.length).toBeGreaterThan(300);
  });

  it("puts a non-breaking space before : ; ? and ! (never an ordinary space, never none)", () => {
    // Punctuation that ends a word (followed by a space, a closing mark or the end), so that
    // addresses (https://, ?item=) and times (10:30) are left alone.
    expect(problems(/[^\u00a0\u202f][:;?!](?=[\s"'’»)]|$)/u)).toEqual([]);
  });

  it("puts a non-breaking space inside « »", () => {
    expect(problems(/«[^\u00a0\u202f]|[^\u00a0\u202f]»/u)).toEqual([]);
  });

  it("elides de and que before a vowel (d’Orignal, not de Orignal)", () => {
    expect(problems(/(^|[\s(])(de|que|De|Que) [aeiouyàâéèêëîïôûAEIOUYÀÂÉÈÊÎÔÛ]/u)).toEqual([]);
  });
});
