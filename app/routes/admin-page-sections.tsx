import { data, Form, useActionData, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/admin-page-sections";
import { AdminHeader, Badge, Notice, TextArea, TextInput } from "~/features/admin/ui";
import { ContentPreview, PreviewAndSave, PublishedCheckbox } from "~/features/admin/content-form";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { useRootData } from "~/root";
import { formatMoney } from "../../domain/money.ts";
import { OfferCard, StoryPart, TeamMember } from "~/features/marketing/page-sections";
import { localeFromPath, stripLocale } from "../../domain/locale.ts";
import {
  hasFrench,
  SECTION_KINDS,
  SECTION_LIMITS,
  sectionInput,
  type PageSection,
  type PublicSection,
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
import { MAX_UPLOAD_BYTES, storePicture, UploadError } from "../../server/media/images.ts";

/** Admin → About and Admin → Services (issue 35): one module, the page named by the address. */
const pageOf = (pathname: string): SitePage => (stripLocale(pathname).endsWith("/services") ? "services" : "about");

export const meta = (args: Route.MetaArgs) =>
  pageTitle(args, "pagesAdmin", (m) =>
    pageOf(args.location.pathname) === "about" ? m.pagesAdmin.aboutTitle : m.pagesAdmin.servicesTitle,
  );

type Preview = { en: PublicSection; fr: PublicSection | null };
const previewOf = (
  section: Omit<PageSection, "id" | "page" | "position" | "published" | "updatedAt" | "sample">,
): Preview => {
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

type Values = Record<string, string | boolean>;
type Answer = {
  intent: "save" | "list";
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  values?: Values;
  preview?: Preview;
  loadedAt?: string;
};

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
  const values: Values = Object.fromEntries(
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
          if (!(error instanceof UploadError)) throw error;
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
  const { about, services } = useMessages("about", "services");
  const locale = useLocale();
  const { currency } = useRootData();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const path = stripLocale(useLocation().pathname);
  const { page, sections, editing, kind, max, samples } = loaderData;
  const formAnswer = answer?.intent === "save" ? answer : undefined;
  const saved = editing && {
    kind: editing.kind,
    titleEn: editing.title.en,
    titleFr: editing.title.fr,
    subtitleEn: editing.subtitle.en,
    subtitleFr: editing.subtitle.fr,
    textEn: editing.text.en,
    textFr: editing.text.fr,
    price: editing.priceCents === null ? "" : (editing.priceCents / 100).toFixed(2),
    picture: editing.picture ?? "",
    published: editing.published,
  };
  const values: Values = formAnswer?.values ?? saved ?? { kind, published: false };
  const value = (name: string) => String(values[name] ?? "");
  const preview = formAnswer?.preview ?? (formAnswer ? undefined : loaderData.preview);
  const errors = formAnswer?.errors ?? {};
  const formKind = (values.kind as SectionKind) || kind;
  const formKey = `${editing?.id ?? `new-${kind}`}:${editing?.updatedAt ?? ""}:${formAnswer?.ok && formAnswer.message ? "saved" : ""}`;
  const shown = (section: PublicSection) =>
    section.kind === "story" ? (
      <StoryPart section={section} headingLevel={3} />
    ) : section.kind === "member" ? (
      <ul>
        <TeamMember section={section} photoAlt={about.memberPhoto(section.title)} />
      </ul>
    ) : (
      <OfferCard
        section={section}
        price={
          section.priceCents === null ? undefined : services.from(formatMoney(section.priceCents, currency, locale))
        }
      />
    );

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
              <li key={section.id} className="space-y-2 border-t border-border pt-3 first:border-0 first:pt-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold break-words">
                    {index + 1}. {section.title.en}
                  </span>
                  <Badge>{m.kinds[section.kind]}</Badge>
                  <Badge tone={section.published ? "success" : "neutral"}>
                    {section.published ? m.published : m.draft}
                  </Badge>
                  {!hasFrench(section) && <Badge tone="warning">{m.frenchMissing}</Badge>}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <LocalizedLink to={`${path}?edit=${section.id}`} className="btn btn-secondary px-3 py-1.5 text-sm">
                    <span aria-hidden="true">✎</span>
                    <span className="sr-only">{m.edit(section.title.en)}</span>
                  </LocalizedLink>
                  {(["up", "down"] as const).map((direction) => (
                    <Form method="post" key={direction}>
                      <input type="hidden" name="intent" value={direction} />
                      <input type="hidden" name="id" value={section.id} />
                      <button
                        type="submit"
                        className="btn btn-secondary px-3 py-1.5 text-sm"
                        disabled={busy || (direction === "up" ? index === 0 : index === sections.length - 1)}
                        aria-label={direction === "up" ? m.moveUp(section.title.en) : m.moveDown(section.title.en)}
                      >
                        {direction === "up" ? "↑" : "↓"}
                      </button>
                    </Form>
                  ))}
                  <Form method="post">
                    <input type="hidden" name="intent" value={section.published ? "unpublish" : "publish"} />
                    <input type="hidden" name="id" value={section.id} />
                    <input type="hidden" name="loadedAt" value={section.updatedAt} />
                    <button type="submit" className="btn btn-secondary px-3 py-1.5 text-sm" disabled={busy}>
                      {section.published ? m.unpublish(section.title.en) : m.publish(section.title.en)}
                    </button>
                  </Form>
                  <details>
                    <summary className="btn btn-secondary cursor-pointer px-3 py-1.5 text-sm text-danger">
                      {m.deleteMenu}
                    </summary>
                    <Form method="post" className="mt-2 space-y-2 rounded-lg border border-border bg-surface-2 p-3">
                      <p className="text-sm">{m.deleteConfirm(section.title.en)}</p>
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={section.id} />
                      <button
                        type="submit"
                        className="btn bg-danger px-3 py-1.5 text-sm text-surface hover:opacity-90"
                        disabled={busy}
                      >
                        {m.deleteButton(section.title.en)}
                      </button>
                    </Form>
                  </details>
                </div>
              </li>
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

      <Form
        method="post"
        encType="multipart/form-data"
        className="card space-y-4"
        aria-labelledby="section-form-heading"
        key={formKey}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="section-form-heading" className="text-xl font-bold">
            {editing ? m.editHeading(editing.title.en) : m.addKind[formKind]}
          </h2>
          {editing && (
            <LocalizedLink to={path} className="text-sm underline underline-offset-4">
              {m.cancelEdit}
            </LocalizedLink>
          )}
        </div>
        {formAnswer && formAnswer.message && (
          <Notice kind={formAnswer.ok ? "success" : "error"}>{formAnswer.message}</Notice>
        )}
        <input type="hidden" name="kind" value={formKind} />
        {editing && <input type="hidden" name="id" value={editing.id} />}
        {editing && <input type="hidden" name="loadedAt" value={formAnswer?.loadedAt ?? editing.updatedAt} />}
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="space-y-4">
            <TextInput
              label={m.titleEn[formKind]}
              name="titleEn"
              defaultValue={value("titleEn")}
              maxLength={SECTION_LIMITS.title}
              required
              error={errors.titleEn}
            />
            {formKind === "member" && (
              <TextInput
                label={m.subtitleEn}
                name="subtitleEn"
                defaultValue={value("subtitleEn")}
                maxLength={SECTION_LIMITS.subtitle}
                error={errors.subtitleEn}
              />
            )}
            <TextArea
              label={m.textEn[formKind]}
              name="textEn"
              rows={8}
              defaultValue={value("textEn")}
              maxLength={SECTION_LIMITS.text}
              required={formKind !== "member"}
              error={errors.textEn}
            />
          </div>
          <div className="space-y-4" lang="fr">
            {formKind !== "member" && (
              <TextInput
                label={m.titleFr[formKind]}
                name="titleFr"
                defaultValue={value("titleFr")}
                maxLength={SECTION_LIMITS.title}
                error={errors.titleFr}
              />
            )}
            {formKind === "member" && (
              <TextInput
                label={m.subtitleFr}
                name="subtitleFr"
                defaultValue={value("subtitleFr")}
                maxLength={SECTION_LIMITS.subtitle}
                error={errors.subtitleFr}
              />
            )}
            <TextArea
              label={m.textFr[formKind]}
              name="textFr"
              rows={8}
              defaultValue={value("textFr")}
              maxLength={SECTION_LIMITS.text}
              error={errors.textFr}
            />
          </div>
        </div>
        {formKind === "offer" && (
          <TextInput
            label={m.price}
            hint={m.priceHelp}
            name="price"
            inputMode="decimal"
            defaultValue={value("price")}
            maxLength={12}
            error={errors.price}
          />
        )}
        {formKind !== "story" && (
          <div className="space-y-2">
            <input type="hidden" name="picture" value={value("picture")} />
            {value("picture") && (
              <div className="flex flex-wrap items-center gap-3">
                <img
                  src={value("picture")}
                  alt=""
                  width={80}
                  height={80}
                  className="h-20 w-20 rounded-lg object-cover"
                />
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="removePicture" />
                  <span>{m.removePicture}</span>
                </label>
              </div>
            )}
            <TextInput
              label={m.picture}
              hint={m.pictureHelp}
              name="pictureFile"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              error={errors.picture}
            />
          </div>
        )}
        <PublishedCheckbox label={m.publishedField} defaultChecked={values.published === true} />
        <PreviewAndSave
          busy={busy}
          preview={{ intent: "preview", label: m.preview }}
          save={{ intent: "save", label: m.save }}
        />
        {preview && (
          <ContentPreview
            id="section-preview-heading"
            heading={m.previewHeading}
            labels={{ english: m.previewEnglish, french: m.previewFrench, noFrench: m.previewNoFrench }}
            en={shown(preview.en)}
            fr={preview.fr && shown(preview.fr)}
          />
        )}
      </Form>
    </section>
  );
}
