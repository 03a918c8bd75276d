import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/admin-portfolio-project";
import { ProjectForm, type ProjectFormAnswer } from "~/features/admin/project-form";
import { AdminHeader } from "~/features/admin/ui";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { localeFromPath, localizePath } from "../../domain/locale.ts";
import { projectFormSchema } from "../../domain/portfolio.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { createProject, getAdminProject, updateProject } from "../../server/content/portfolio.ts";
import { DomainError } from "../../server/errors.ts";
import { errorText, formErrorsOf } from "../../server/http/error-text.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "portfolioAdmin", (m) => m.portfolioAdmin.title);

/** /admin/portfolio/new and /admin/portfolio/:id: the project form. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  if (!params.id) return { project: null };
  const project = await getAdminProject(params.id);
  if (!project) throw data("Not found", { status: 404 });
  return { project };
}

/** Saves the form (the schema first, then the service, which checks again and refuses a stale save). */
export async function action({ request, params, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const submission = parseWithZod(await request.formData(), { schema: projectFormSchema });
  if (submission.status !== "success") return data<ProjectFormAnswer>({ result: submission.reply() }, 400);
  try {
    if (!params.id) {
      await createProject(submission.value);
      return redirect(localizePath("/admin/portfolio?notice=created", locale));
    }
    const saved = await updateProject(params.id, submission.value.version, submission.value);
    return data<ProjectFormAnswer>({ result: submission.reply(), saved: true, version: saved.version });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const result = submission.reply(formErrorsOf(errorText(error, locale)));
    return data<ProjectFormAnswer>({ result, stale: error.status === 409 }, error.status);
  }
}

export default function AdminPortfolioProject({ loaderData, actionData }: Route.ComponentProps) {
  const { project } = loaderData;
  const p = useMessages("portfolioAdmin").portfolioAdmin;
  return (
    <section>
      <AdminHeader title={project ? p.editTitle(project.translations.en.title) : p.newTitle} />
      <ProjectForm key={project ? project.id : "new"} project={project} answer={actionData} />
    </section>
  );
}
