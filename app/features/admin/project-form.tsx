import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useFetcher } from "react-router";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useLocalizedPath, useMessages } from "~/features/i18n/use-locale";
import {
  PROJECT_CATEGORIES,
  projectFormSchema,
  type AdminProject,
  type ProjectPicture,
  type ProjectText,
  type ProjectValidationKey,
} from "../../../domain/portfolio.ts";
import { PictureManager } from "./picture-manager";
import { Notice, Select, TextArea, TextInput } from "./ui";

/** The project page's action answer: Conform's report, whether it was saved, and whether the project changed meanwhile. */
export type ProjectFormAnswer = {
  result: SubmissionResult<string[]>;
  saved?: boolean;
  stale?: boolean;
  version?: number;
};

const lines = (list: string[] | undefined) => (list ?? []).join("\n");

/**
 * Creates a project, or edits one with the version it was loaded at (a save over someone else's
 * change is refused): every field in English and French, posted to the page's action and checked
 * with the same schema on both sides. Pictures are uploaded by JavaScript through the store's media
 * pipeline (/api/admin/media); the form carries their addresses and their words.
 */
export function ProjectForm({ project, answer: posted }: { project: AdminProject | null; answer?: ProjectFormAnswer }) {
  const m = useMessages("admin", "portfolio", "portfolioAdmin");
  const p = m.portfolioAdmin;
  const f = p.form;
  const localize = useLocalizedPath();
  const fetcher = useFetcher<ProjectFormAnswer>();
  const answer = fetcher.data ?? posted;
  const [form] = useForm({
    lastResult: answer?.result,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: projectFormSchema }),
  });
  const formProps = getFormProps(form);
  const errors = form.allErrors;
  const say = (name: string) => {
    const problem = errors[name]?.[0];
    return problem === undefined ? undefined : (p.validation[problem as ProjectValidationKey] ?? problem);
  };

  const saved = new Map<string, ProjectPicture>(
    project ? [project.image, ...project.gallery].map((picture) => [picture.src, picture]) : [],
  );
  const [pictures, setPictures] = useState<string[]>(() =>
    project ? [project.image.src, ...project.gallery.map((picture) => picture.src)] : [],
  );
  const [uploading, setUploading] = useState(false);
  const [waitForUploads, setWaitForUploads] = useState(false);
  const version = answer?.version ?? project?.version;

  const hasFieldErrors = Object.entries(errors).some(([name, list]) => name !== form.name && list.length > 0);
  const failure = waitForUploads
    ? m.admin.pictures.wait
    : (form.errors?.[0] ?? (hasFieldErrors ? p.errors.invalid : undefined));
  const saving = fetcher.state !== "idle";

  const textFields = (language: "en" | "fr", text: Partial<ProjectText> | undefined) => {
    const required = language === "en";
    const field = (name: keyof ProjectText) => `${language}.${name}`;
    return (
      <fieldset className="min-w-0 space-y-4">
        <legend className="mb-2 text-base font-bold">{language === "en" ? f.english : f.french}</legend>
        <TextInput
          name={field("title")}
          defaultValue={text?.title ?? ""}
          label={`${f.titleLabel} (${language === "en" ? f.english : f.french})`}
          error={say(field("title"))}
          required={required}
          maxLength={120}
          lang={language}
        />
        <TextArea
          name={field("description")}
          defaultValue={text?.description ?? ""}
          label={`${f.description} (${language === "en" ? f.english : f.french})`}
          hint={f.markdownHint}
          error={say(field("description"))}
          required={required}
          rows={5}
          lang={language}
        />
        <TextInput
          name={field("client")}
          defaultValue={text?.client ?? ""}
          label={`${f.client} (${language === "en" ? f.english : f.french})`}
          error={say(field("client"))}
          lang={language}
        />
        <TextInput
          name={field("duration")}
          defaultValue={text?.duration ?? ""}
          label={`${f.duration} (${language === "en" ? f.english : f.french})`}
          error={say(field("duration"))}
          lang={language}
        />
        <TextArea
          name={field("materials")}
          defaultValue={lines(text?.materials)}
          label={`${f.materials} (${language === "en" ? f.english : f.french})`}
          hint={f.linesHint}
          error={say(field("materials")) ?? say(`${field("materials")}[0]`)}
          lang={language}
        />
        <TextArea
          name={field("process")}
          defaultValue={lines(text?.process)}
          label={`${f.process} (${language === "en" ? f.english : f.french})`}
          hint={f.linesHint}
          error={say(field("process")) ?? say(`${field("process")}[0]`)}
          lang={language}
        />
        <TextArea
          name={field("challenge")}
          defaultValue={text?.challenge ?? ""}
          label={`${f.challenge} (${language === "en" ? f.english : f.french})`}
          hint={f.markdownHint}
          error={say(field("challenge"))}
          lang={language}
        />
        <TextArea
          name={field("solution")}
          defaultValue={text?.solution ?? ""}
          label={`${f.solution} (${language === "en" ? f.english : f.french})`}
          hint={f.markdownHint}
          error={say(field("solution"))}
          lang={language}
        />
      </fieldset>
    );
  };

  return (
    <fetcher.Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        setWaitForUploads(uploading);
        if (uploading) event.preventDefault();
        else formProps.onSubmit(event);
      }}
    >
      <div className="min-w-0 space-y-8">
        <div aria-live="polite">
          {failure && (
            <Notice kind="error" title={p.errors.save}>
              <p>{failure}</p>
              {answer?.stale && (
                <button type="button" className="btn btn-secondary mt-3" onClick={() => window.location.reload()}>
                  {m.admin.common.reload}
                </button>
              )}
            </Notice>
          )}
          {answer?.saved && !failure && <Notice kind="success">{p.done.saved}</Notice>}
          {project && project.frenchMissing.length > 0 && !answer?.saved && (
            <Notice kind="error">{p.notInFrench(...project.frenchMissing)}</Notice>
          )}
        </div>
        {/* What this form was loaded at: a save over someone else's change is refused. */}
        {version !== undefined && <input type="hidden" name="version" value={version} />}

        <section className="card space-y-4" aria-labelledby="project-general">
          <h2 id="project-general" className="text-lg font-bold">
            {f.general}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              name="slug"
              defaultValue={project?.slug ?? ""}
              label={f.slug}
              hint={f.slugHint}
              error={say("slug")}
              required
              autoComplete="off"
            />
            <Select
              name="category"
              defaultValue={project?.category ?? ""}
              label={f.category}
              error={say("category")}
              required
            >
              <option value="" />
              {PROJECT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {m.portfolio.categories[category]}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex items-start gap-3">
            <input
              id="project-published"
              name="published"
              type="checkbox"
              className="mt-1 h-5 w-5 accent-[var(--accent)]"
              defaultChecked={project?.published ?? true}
              aria-describedby="project-published-hint"
            />
            <div>
              <label htmlFor="project-published" className="font-semibold">
                {f.publishedLabel}
              </label>
              <p id="project-published-hint" className="text-sm text-muted">
                {f.publishedHint}
              </p>
            </div>
          </div>
        </section>

        <div className="card grid gap-6 lg:grid-cols-2">
          {textFields("en", project?.translations.en)}
          {textFields("fr", project?.translations.fr)}
        </div>

        <section className="card space-y-4" aria-labelledby="project-pictures">
          <h2 id="project-pictures" className="text-lg font-bold">
            {f.pictures}
          </h2>
          <p className="text-sm text-muted">{f.picturesHint}</p>
          <PictureManager
            pictures={pictures}
            setPictures={setPictures}
            onBusyChange={setUploading}
            error={say("pictures") ?? say("pictures[0].src")}
          />
          {pictures.map((src, index) => {
            const known = saved.get(src);
            const name = `pictures[${index}]`;
            return (
              <fieldset key={src} className="space-y-3 rounded-xl border border-border p-4">
                <legend className="px-1 font-semibold">{f.pictureWords(index + 1)}</legend>
                <input type="hidden" name={`${name}.src`} value={src} />
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextInput
                    name={`${name}.alt.en`}
                    defaultValue={known?.alt.en ?? ""}
                    label={`${f.altEn} · ${f.pictureWords(index + 1)}`}
                    error={say(`${name}.alt.en`)}
                    required
                    lang="en"
                  />
                  <TextInput
                    name={`${name}.alt.fr`}
                    defaultValue={known?.alt.fr ?? ""}
                    label={`${f.altFr} · ${f.pictureWords(index + 1)}`}
                    error={say(`${name}.alt.fr`)}
                    lang="fr"
                  />
                  {index > 0 && (
                    <>
                      <TextInput
                        name={`${name}.caption.en`}
                        defaultValue={known?.caption?.en ?? ""}
                        label={`${f.captionEn} · ${f.pictureWords(index + 1)}`}
                        error={say(`${name}.caption.en`)}
                        lang="en"
                      />
                      <TextInput
                        name={`${name}.caption.fr`}
                        defaultValue={known?.caption?.fr ?? ""}
                        label={`${f.captionFr} · ${f.pictureWords(index + 1)}`}
                        error={say(`${name}.caption.fr`)}
                        lang="fr"
                      />
                    </>
                  )}
                </div>
              </fieldset>
            );
          })}
        </section>

        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? f.saving : f.save}
          </button>
          <LocalizedLink to="/admin/portfolio" className="btn btn-secondary">
            {f.back}
          </LocalizedLink>
          {project && project.published && (
            <a href={localize(`/inspirations/${project.slug}`)} className="font-semibold text-accent underline">
              {f.view}
            </a>
          )}
        </div>
      </div>
    </fetcher.Form>
  );
}
