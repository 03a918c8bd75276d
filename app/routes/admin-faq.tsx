import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/admin-faq";
import { OrderedListItem } from "~/features/admin/ordered-list-controls";
import { AdminHeader, Notice } from "~/features/admin/ui";
import { FaqEntryView } from "~/features/contact/faq-entry";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import {
  FAQ_LIMITS,
  faqEntryInput,
  faqEntrySchema,
  faqErrors,
  hasFrench,
  type FaqEntry,
  type FaqFieldError,
} from "../../domain/faq.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { messagesFor } from "../../messages/messages.server.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import {
  createFaqEntry,
  deleteFaqEntry,
  faqPreview,
  listFaqEntries,
  moveFaqEntry,
  setFaqPublished,
  updateFaqEntry,
  type PublicFaqEntry,
} from "../../server/content/faq.ts";
import { DomainError } from "../../server/errors.ts";
import { errorText } from "../../server/http/error-text.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import {
  BilingualTitleAndText,
  ContentFormHeading,
  ContentPreview,
  PreviewAndSave,
  PublishedCheckbox,
} from "~/features/admin/content-form";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "faqAdmin", (m) => m.faqAdmin.title);

type Preview = { en: PublicFaqEntry; fr: PublicFaqEntry | null };
const previewOf = (entry: Pick<FaqEntry, "question" | "answer">): Preview => ({
  en: faqPreview({ id: 0, ...entry }, "en"),
  fr: hasFrench(entry) ? faqPreview({ id: 0, ...entry }, "fr") : null,
});

/** The FAQ of /contact (issue 23): the list, and the form of the entry `?edit=<id>` (or a new one) with its preview. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const entries = await listFaqEntries();
  const editing = entries.find((entry) => String(entry.id) === url.searchParams.get("edit")) ?? null;
  return { entries, editing, preview: editing ? previewOf(editing) : null, max: FAQ_LIMITS.entries };
}

type Values = { questionEn: string; answerEn: string; questionFr: string; answerFr: string; published: boolean };
/** `loadedAt` is the version the typed text was based on: a refused save keeps it, so a second click is refused too, never an overwrite. */
type Answer = {
  intent: string;
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  values?: Values;
  preview?: Preview;
  loadedAt?: string;
};

const MAX_FORM_BYTES = 32 * 1024;

export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const m = messagesFor(locale).faqAdmin;
  const refuse = (intent: string, message: string, status: number, extra: Partial<Answer> = {}) =>
    data<Answer>({ intent, ok: false, message, errors: {}, ...extra }, status);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) return refuse("", m.fixErrors, 400);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const id = Number(text("id"));
  const loadedAt = text("loadedAt") || undefined;
  const input = faqEntryInput(form) as Values;
  const values: Values = {
    questionEn: input.questionEn ?? "",
    answerEn: input.answerEn ?? "",
    questionFr: input.questionFr ?? "",
    answerFr: input.answerFr ?? "",
    published: input.published,
  };
  try {
    if (intent === "preview") {
      const parsed = faqEntrySchema.safeParse(input);
      if (!parsed.success) throw new DomainError("faq.invalid", { fields: faqErrors(parsed.error.issues) });
      return data<Answer>({
        intent,
        ok: true,
        message: "",
        errors: {},
        values,
        loadedAt,
        preview: previewOf(parsed.data),
      });
    }
    if (intent === "save") {
      if (text("id")) await updateFaqEntry(id, input, loadedAt);
      else await createFaqEntry(input);
      return data<Answer>({ intent, ok: true, message: m.saved, errors: {} });
    }
    if (intent === "publish" || intent === "unpublish") {
      await setFaqPublished(id, intent === "publish", loadedAt);
      return data<Answer>({ intent: "list", ok: true, message: m.saved, errors: {} });
    }
    if (intent === "up" || intent === "down") {
      await moveFaqEntry(id, intent);
      return data<Answer>({ intent: "list", ok: true, message: m.moved, errors: {} });
    }
    if (intent === "delete") {
      await deleteFaqEntry(id);
      return data<Answer>({ intent: "list", ok: true, message: m.deleted, errors: {} });
    }
    return refuse("list", m.fixErrors, 400);
  } catch (error) {
    if (error instanceof DomainError && error.code === "faq.invalid") {
      const errors = Object.fromEntries(
        Object.entries(error.fields ?? {}).map(([field, code]) => [
          field,
          m.errors[code as FaqFieldError] ?? m.fixErrors,
        ]),
      );
      return refuse(intent === "preview" || intent === "save" ? "save" : "list", m.fixErrors, 400, {
        errors,
        values,
        loadedAt,
      });
    }
    if (error instanceof DomainError) {
      return refuse(
        intent === "preview" || intent === "save" ? "save" : "list",
        errorText(error, locale).message,
        error.status,
        { values, loadedAt },
      );
    }
    throw error;
  }
}

export default function AdminFaq({ loaderData }: Route.ComponentProps) {
  const m = useMessages("faqAdmin").faqAdmin;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const { entries, editing, max } = loaderData;
  const formAnswer = answer?.intent === "save" || answer?.intent === "preview" ? answer : undefined;
  // After a preview or a refused save, the form shows what was typed; otherwise the saved entry.
  const values: Values = formAnswer?.values ?? {
    questionEn: editing?.question.en ?? "",
    answerEn: editing?.answer.en ?? "",
    questionFr: editing?.question.fr ?? "",
    answerFr: editing?.answer.fr ?? "",
    published: editing?.published ?? false,
  };
  const preview = answer?.intent === "preview" ? answer.preview : loaderData.preview;
  const errors = formAnswer?.errors ?? {};
  const formKey = `${editing?.id ?? "new"}:${editing?.updatedAt ?? ""}:${answer?.intent === "save" && answer.ok ? "saved" : ""}`;

  return (
    <section className="space-y-8">
      <AdminHeader title={m.title} intro={m.intro} />
      <div className="card space-y-4">
        <p className="text-sm text-muted">{m.count(entries.length, max)}</p>
        {answer?.intent === "list" && <Notice kind={answer.ok ? "success" : "error"}>{answer.message}</Notice>}
        {entries.length === 0 ? (
          <p className="text-muted">{m.empty}</p>
        ) : (
          <ol className="space-y-3">
            {entries.map((entry, index) => (
              <OrderedListItem
                key={entry.id}
                id={entry.id}
                title={entry.question.en}
                published={entry.published}
                french={hasFrench(entry)}
                index={index}
                count={entries.length}
                editTo={`/admin/faq?edit=${entry.id}`}
                stamp={{ name: "loadedAt", value: entry.updatedAt }}
                busy={busy}
                words={m}
              />
            ))}
          </ol>
        )}
      </div>

      <Form method="post" className="card space-y-4" aria-labelledby="faq-form-heading" key={formKey}>
        <ContentFormHeading
          id="faq-form-heading"
          heading={editing ? m.editHeading(editing.question.en) : m.addHeading}
          cancel={editing && { to: "/admin/faq", label: m.cancelEdit }}
          answer={formAnswer}
        />
        {editing && <input type="hidden" name="id" value={editing.id} />}
        {editing && <input type="hidden" name="loadedAt" value={formAnswer?.loadedAt ?? editing.updatedAt} />}
        <BilingualTitleAndText
          title={{ name: "question", labelEn: m.questionEn, labelFr: m.questionFr, maxLength: FAQ_LIMITS.question }}
          text={{ name: "answer", labelEn: m.answerEn, labelFr: m.answerFr, maxLength: FAQ_LIMITS.answer, rows: 6 }}
          values={values}
          errors={errors}
        />
        <PublishedCheckbox label={m.publishedField} defaultChecked={values.published} />
        <PreviewAndSave
          busy={busy}
          preview={{ intent: "preview", label: m.preview }}
          save={{ intent: "save", label: m.save }}
        />
        {preview && (
          <ContentPreview
            id="faq-preview-heading"
            heading={m.previewHeading}
            words={m}
            en={<FaqEntryView question={preview.en.question} answerHtml={preview.en.answerHtml} open />}
            fr={preview.fr && <FaqEntryView question={preview.fr.question} answerHtml={preview.fr.answerHtml} open />}
          />
        )}
      </Form>
    </section>
  );
}
