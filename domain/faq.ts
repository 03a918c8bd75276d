import { z } from "zod";

/**
 * The FAQ of /contact as the studio edits it in Admin → FAQ (issue 23): a question and a Markdown
 * answer in English and French. An entry without its French text is not shown on French pages.
 * Problems are codes, worded by the `faqAdmin` catalogue.
 */
export const FAQ_LIMITS = { question: 200, answer: 3000, entries: 30 } as const;

export type FaqFieldError = "required" | "tooLong";

export type FaqEntry = {
  id: number;
  position: number;
  published: boolean;
  question: { en: string; fr: string };
  answer: { en: string; fr: string };
  updatedAt: string;
};

const requiredText = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, { error: "tooLong" });
const optionalText = (max: number) => z.string().trim().max(max, { error: "tooLong" }).optional().default("");

/** English is required; French may wait (the entry then stays off the French page). */
export const faqEntrySchema = z
  .object({
    questionEn: requiredText(FAQ_LIMITS.question),
    answerEn: requiredText(FAQ_LIMITS.answer),
    questionFr: optionalText(FAQ_LIMITS.question),
    answerFr: optionalText(FAQ_LIMITS.answer),
    published: z.boolean().optional().default(false),
  })
  .transform((value) => ({
    question: { en: value.questionEn, fr: value.questionFr },
    answer: { en: value.answerEn, fr: value.answerFr },
    published: value.published,
  }));
export type FaqEntryValue = z.output<typeof faqEntrySchema>;

/** The form's fields as the schema's input (a check box absent is false). */
export function faqEntryInput(form: FormData): unknown {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    questionEn: text("questionEn"),
    answerEn: text("answerEn"),
    questionFr: text("questionFr"),
    answerFr: text("answerFr"),
    published: text("published") === "on",
  };
}

/** True when the entry has both its French question and answer. */
export function hasFrench(entry: Pick<FaqEntry, "question" | "answer">): boolean {
  return entry.question.fr.trim() !== "" && entry.answer.fr.trim() !== "";
}

export function faqErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, FaqFieldError> {
  const errors: Record<string, FaqFieldError> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message as FaqFieldError;
  }
  return errors;
}
