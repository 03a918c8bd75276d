import { data, Form, useActionData, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/admin-page-sections";
import { OrderedListItem } from "~/features/admin/ordered-list-controls";
import {
  PageSectionForm,
  type SectionFormAnswer,
  type SectionPreview,
  type SectionValues,
} from "~/features/admin/page-section-form";
import { AdminHeader, Badge, Notice } from "~/features/admin/ui";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { localeFromPath, stripLocale } from "../../domain/locale.ts";
import {
  hasFrench,
  SECTION_KINDS,
  SECTION_LIMITS,
  sectionInput,
  type PageSection,
  type SectionKind,
  type SitePage,
} from "../../domain/page-sections.ts";
import { messagesFor } from "../../messages/messages.server.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import {
  createSection,
  deleteSampleSections,
  deleteSection,
  listSections,
  moveSection,
  parseSection,
  sectionPreview,
  setSectionPublished,
  updateSection,
} from "../../server/content/page-sections.ts";
import { DomainError } from "../../server/errors.ts";
import { errorText } from "../../server/http/error-text.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { MAX_UPLOAD_BYTES, storePicture } from "../../server/media/images.ts";

/** Admin → About and Admin → Services (issue 35): one module, the page named by the address. */
const pageOf = (pathname: string): SitePage => (stripLocale(pathname).endsWith("/services") ? "services" : "about");

export const meta = (args: Route.MetaArgs) =>
  pageTitle(args, "pagesAdmin", (m) =>
    pageOf(args.location.pathname) === "about" ? m.pagesAdmin.aboutTitle : m.pagesAdmin.servicesTitle,
  );

const previewOf = (
  section: Omit<PageSection, "id" | "page" | "position" | "published" | "updatedAt" | "sample">,
): SectionPreview => {
  const shown = { id: 0, ...section };
  return { en: sectionPreview(shown, "en"), fr: hasFrench(section) ? sectionPreview(shown, "fr") : null };
};

export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const page = pageOf(url.pathname);
  const sections = await listSections(page);
  const editing = sections.find((section) => String(section.id) === url.searchParams.get("edit")) ?? null;
  const kinds = SECTION_KINDS[page] as readonly SectionKind[];
  const adding = kinds.find((kind) => kind === url.searchParams.get("add")) ?? kinds[0]!;
  return {
    page,
    sections,
    editing,
    kind: editing?.kind ?? adding,
    preview: editing ? previewOf(editing) : null,
    samples: sections.filter((section) => section.sample).length,
    max: SECTION_LIMITS.sections,
  };
}

type Answer = SectionFormAnswer & { intent: "save" | "list" };

const MAX_FORM_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const page = pageOf(url.pathname);
  const m = messagesFor(locale).pagesAdmin;
  const refuse = (intent: Answer["intent"], message: string, status: number, extra: Partial<Answer> = {}) =>
    data<Answer>({ intent, ok: false, message, errors: {}, ...extra }, status);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) return refuse("save", m.fixErrors, 413);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const id = Number(text("id"));
  const loadedAt = text("loadedAt") || undefined;
  const input = sectionInput(form);
  const values: SectionValues = Object.fromEntries(
    Object.entries(input).map(([key, value]) => [key, typeof value === "boolean" ? value : String(value ?? "")]),
  );
  const forForm = intent === "preview" || intent === "save";
  try {
    if (forForm) {
      const file = form.get("pictureFile");
      if (file instanceof File && file.size > 0) {
        try {
          input.picture = (await storePicture(new Uint8Array(await file.arrayBuffer()))).url;
          values.picture = input.picture as string;
        } catch (error) {
          if (!(error instanceof DomainError && error.code === "upload.invalid")) throw error;
          throw new DomainError("pages.invalid", { fields: { picture: "invalidPicture" } });
        }
      }
      if (text("removePicture") === "on") input.picture = values.picture = "";
    }
    if (intent === "preview") {
      const preview = previewOf(parseSection(page, input));
      return data<Answer>({ intent: "save", ok: true, message: "", errors: {}, values, loadedAt, preview });
    }
    if (intent === "save") {
      if (text("id")) await updateSection(page, id, input, loadedAt);
      else await createSection(page, input);
      return data<Answer>({ intent: "save", ok: true, message: m.saved, errors: {} });
    }
    if (intent === "publish" || intent === "unpublish") {
      await setSectionPublished(page, id, intent === "publish", loadedAt);
      return data<Answer>({ intent: "list", ok: true, message: m.saved, errors: {} });
    }
    if (intent === "up" || intent === "down") {
      await moveSection(page, id, intent);
      return data<Answer>({ intent: "list", ok: true, message: m.moved, errors: {} });
    }
    if (intent === "delete") {
      await deleteSection(page, id);
      return data<Answer>({ intent: "list", ok: true, message: m.deleted, errors: {} });
    }
    if (intent === "remove-samples") {
      const removed = await deleteSampleSections(page);
      return data<Answer>({ intent: "list", ok: true, message: m.samplesRemoved(removed), errors: {} });
    }
    return refuse("list", m.fixErrors, 400);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const words = errorText(error, locale);
    return refuse(forForm ? "save" : "list", words.message, error.status, {
      errors: words.fields ?? {},
      values,
      loadedAt,
    });
  }
}

export default function AdminPageSections({ loaderData }: Route.ComponentProps) {
  const m = useMessages("pagesAdmin").pagesAdmin;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const path = stripLocale(useLocation().pathname);
  const { page, sections, editing, kind, max, samples } = loaderData;
  const formAnswer = answer?.intent === "save" ? answer : undefined;
  const formKey = `${editing?.id ?? `new-${kind}`}:${editing?.updatedAt ?? ""}:${formAnswer?.ok && formAnswer.message ? "saved" : ""}`;

  return (
    <section className="space-y-8">
      <AdminHeader
        title={page === "about" ? m.aboutTitle : m.servicesTitle}
        intro={page === "about" ? m.aboutIntro : m.servicesIntro}
      />
      <div className="card space-y-4">
        <p className="text-sm text-muted">{m.count(sections.length, max)}</p>
        {answer?.intent === "list" && <Notice kind={answer.ok ? "success" : "error"}>{answer.message}</Notice>}
        {samples > 0 && (
          <div className="space-y-2 rounded-lg border border-border bg-surface-2 p-3">
            <p>{m.sampleNotice(samples)}</p>
            <details>
              <summary className="btn btn-secondary cursor-pointer px-3 py-1.5 text-sm">{m.removeSamples}</summary>
              <Form method="post" className="mt-2 space-y-2">
                <p className="text-sm">{m.removeSamplesConfirm}</p>
                <button
                  type="submit"
                  name="intent"
                  value="remove-samples"
                  className="btn bg-danger px-3 py-1.5 text-sm text-surface hover:opacity-90"
                  disabled={busy}
                >
                  {m.removeSamplesButton}
                </button>
              </Form>
            </details>
          </div>
        )}
        {sections.length === 0 ? (
          <p className="text-muted">{m.empty}</p>
        ) : (
          <ol className="space-y-3">
            {sections.map((section, index) => (
              <OrderedListItem
                key={section.id}
                id={section.id}
                title={section.title.en}
                published={section.published}
                french={hasFrench(section)}
                index={index}
                count={sections.length}
                editTo={`${path}?edit=${section.id}`}
                stamp={{ name: "loadedAt", value: section.updatedAt }}
                busy={busy}
                words={m}
                badges={<Badge>{m.kinds[section.kind]}</Badge>}
              />
            ))}
          </ol>
        )}
        {!editing && (SECTION_KINDS[page] as readonly SectionKind[]).length > 1 && (
          <nav className="flex flex-wrap gap-2">
            {(SECTION_KINDS[page] as readonly SectionKind[]).map((option) => (
              <LocalizedLink
                key={option}
                to={`${path}?add=${option}`}
                aria-current={option === kind ? "page" : undefined}
                className="btn btn-secondary px-3 py-1.5 text-sm aria-[current=page]:border-accent"
              >
                {m.addKind[option]}
              </LocalizedLink>
            ))}
          </nav>
        )}
      </div>

      <PageSectionForm
        key={formKey}
        editing={editing}
        kind={kind}
        path={path}
        answer={formAnswer}
        savedPreview={loaderData.preview}
        busy={busy}
      />
    </section>
  );
}
