import { describe, expect, it } from "vitest";
import { faqEntryInput, faqEntrySchema, faqErrors, hasFrench } from "./faq.ts";

const errorsOf = (input: unknown) => {
  const result = faqEntrySchema.safeParse(input);
  return result.success ? {} : faqErrors(result.error.issues);
};

describe("an FAQ entry", () => {
  it("needs its English question and answer; French may wait", () => {
    expect(faqEntrySchema.parse({ questionEn: " Do you ship? ", answerEn: "Yes." })).toEqual({
      question: { en: "Do you ship?", fr: "" },
      answer: { en: "Yes.", fr: "" },
      published: false,
    });
    expect(errorsOf({ questionEn: "", answerEn: "" })).toEqual({ questionEn: "required", answerEn: "required" });
  });

  it("limits the question to 200 characters and the answer to 3,000", () => {
    expect(errorsOf({ questionEn: "q".repeat(200), answerEn: "a".repeat(3000) })).toEqual({});
    expect(
      errorsOf({
        questionEn: "q".repeat(201),
        answerEn: "a".repeat(3001),
        questionFr: "q".repeat(201),
        answerFr: "a".repeat(3001),
      }),
    ).toEqual({
      questionEn: "tooLong",
      answerEn: "tooLong",
      questionFr: "tooLong",
      answerFr: "tooLong",
    });
  });

  it("reads the form (a check box absent is false) and knows when French is missing", () => {
    const form = new FormData();
    form.set("questionEn", "Q");
    form.set("answerEn", "A");
    form.set("questionFr", "Q fr");
    const value = faqEntrySchema.parse(faqEntryInput(form));
    expect(value.published).toBe(false);
    expect(hasFrench(value)).toBe(false);
    form.set("answerFr", "R");
    form.set("published", "on");
    const complete = faqEntrySchema.parse(faqEntryInput(form));
    expect(complete.published).toBe(true);
    expect(hasFrench(complete)).toBe(true);
  });
});
