import { describe, expect, it } from "vitest";
import { onSiteChanged } from "../db/site-changes.ts";
import { DomainError } from "../errors.ts";
import {
  createFaqEntry,
  deleteFaqEntry,
  listFaqEntries,
  moveFaqEntry,
  publishedFaq,
  setFaqPublished,
  updateFaqEntry,
} from "./faq.ts";

const refusedWith = (code: string) => (error: unknown) => error instanceof DomainError && error.code === code;

describe("the FAQ", () => {
  it("starts with the three questions /contact showed, published, in both languages", async () => {
    const entries = await listFaqEntries();
    expect(entries.map((e) => e.question.en)).toEqual([
      "How long does a project take?",
      "Which file formats do you accept?",
      "Do you ship?",
    ]);
    expect(entries.every((e) => e.published && e.question.fr && e.answer.fr)).toBe(true);
    const fr = await publishedFaq("fr");
    expect(fr[2]!.question).toBe("Livrez-vous\u202f?");
    expect(fr[2]!.answerHtml).toContain("<p>Oui, partout au Canada");
  });

  it("adds an entry at the end, renders its Markdown on the server without raw HTML, and announces the change", async () => {
    const changes: string[] = [];
    onSiteChanged((change) => changes.push(change));
    const entry = await createFaqEntry({
      questionEn: "Can I pay by e-transfer?",
      answerEn: "Yes, **Interac** too. <script>alert(1)</script>",
      published: true,
    });
    expect(changes).toContain("content");
    expect(entry.position).toBe(4);
    const en = (await publishedFaq("en")).find((e) => e.id === entry.id)!;
    expect(en.answerHtml).toContain("<strong>Interac</strong>");
    expect(en.answerHtml).not.toContain("<script>");
    // No French yet: not on the French page.
    expect((await publishedFaq("fr")).some((e) => e.id === entry.id)).toBe(false);
    await updateFaqEntry(
      entry.id,
      {
        questionEn: "Can I pay by e-transfer?",
        answerEn: "Yes.",
        questionFr: "Puis-je payer par virement ?",
        answerFr: "Oui : Interac aussi!",
        published: true,
      },
      entry.updatedAt,
    );
    const fr = (await publishedFaq("fr")).find((e) => e.id === entry.id)!;
    expect(fr.question).toBe("Puis-je payer par virement\u202f?");
    expect(fr.answerHtml).toContain("Oui\u00a0: Interac aussi\u202f!");
    await deleteFaqEntry(entry.id);
  });

  it("refuses a save from a page opened before the latest save", async () => {
    const [first] = await listFaqEntries();
    const input = {
      questionEn: first!.question.en,
      answerEn: "Usually a week.",
      questionFr: first!.question.fr,
      answerFr: "Une semaine.",
      published: true,
    };
    await updateFaqEntry(first!.id, input, first!.updatedAt);
    await expect(updateFaqEntry(first!.id, { ...input, answerEn: "Two weeks." }, first!.updatedAt)).rejects.toSatisfy(
      refusedWith("faq.stale"),
    );
    await expect(setFaqPublished(first!.id, false, first!.updatedAt)).rejects.toSatisfy(refusedWith("faq.stale"));
    expect((await listFaqEntries())[0]!.answer.en).toBe("Usually a week.");
  });

  it("checks the fields on the server", async () => {
    const error = await createFaqEntry({ questionEn: "q".repeat(201), answerEn: "" }).catch((e: unknown) => e);
    expect(error).toSatisfy(refusedWith("faq.invalid"));
    expect((error as DomainError).fields).toEqual({ questionEn: "tooLong", answerEn: "required" });
  });

  it("moves entries up and down, publishes and unpublishes, deletes", async () => {
    const [a, b, c] = await listFaqEntries();
    await moveFaqEntry(c!.id, "up");
    expect((await listFaqEntries()).map((e) => e.id)).toEqual([a!.id, c!.id, b!.id]);
    await moveFaqEntry(a!.id, "up");
    expect((await listFaqEntries()).map((e) => e.id)).toEqual([a!.id, c!.id, b!.id]);
    await moveFaqEntry(a!.id, "down");
    expect((await listFaqEntries()).map((e) => e.id)).toEqual([c!.id, a!.id, b!.id]);
    await setFaqPublished(b!.id, false);
    expect((await publishedFaq("en")).map((e) => e.id)).toEqual([c!.id, a!.id]);
    await deleteFaqEntry(b!.id);
    await expect(deleteFaqEntry(b!.id)).rejects.toSatisfy(refusedWith("faq.not_found"));
    expect(await listFaqEntries()).toHaveLength(2);
  });

  it("holds at most 30 entries", async () => {
    const existing = (await listFaqEntries()).length;
    for (let i = existing; i < 30; i++) await createFaqEntry({ questionEn: `Question ${i}`, answerEn: "Answer" });
    await expect(createFaqEntry({ questionEn: "One too many", answerEn: "No" })).rejects.toSatisfy(
      refusedWith("faq.too_many"),
    );
  });
});
