import { useState } from "react";
import { data, Form, useFetcher, useSearchParams } from "react-router";
import type { Route } from "./+types/admin-portfolio";
import { AdminHeader, AnswerNotice, Badge, ConfirmDialog, ConfirmedButton } from "~/features/admin/ui";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "../../messages/messages.server.ts";
import type { AdminAnswer } from "../../domain/admin-answer.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { FEATURED_MAX, projectListActionSchema, type AdminProject } from "../../domain/portfolio.ts";
import { adminAnswer, askFirst, formText } from "../../server/admin/answer.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import {
  deleteProject,
  getAdminProject,
  listAdminProjects,
  moveProject,
  setFeatured,
  setPublished,
} from "../../server/content/portfolio.ts";
import { DomainError } from "../../server/errors.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

const NOTICES = ["created", "saved"] as const;

export const meta = (args: Route.MetaArgs) => pageTitle(args, "portfolioAdmin", (m) => m.portfolioAdmin.title);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  return { projects: await listAdminProjects() };
}

/** The list's one-click changes: order, publication, the home page's three, delete (asked first). Plain forms, no JavaScript needed. */
export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const p = messagesFor(locale).portfolioAdmin;
  const form = await request.formData();
  const parsed = projectListActionSchema.safeParse({
    intent: formText(form, "intent"),
    id: formText(form, "id"),
    confirmed: formText(form, "confirmed") || undefined,
  });
  if (!parsed.success) return data<AdminAnswer>({ intent: "", id: "", ok: false, message: p.validation.invalid }, 400);
  const { intent, id } = parsed.data;
  if (intent === "delete") {
    const found = await getAdminProject(id);
    const ask = found && askFirst(form, p.confirmDelete(found.translations.en.title), { intent, id });
    if (ask) return ask;
  }
  return adminAnswer(intent, id, locale, async () => {
    switch (intent) {
      case "up":
      case "down":
        await moveProject(id, intent);
        return p.done.moved;
      case "publish":
      case "unpublish":
        await setPublished(id, intent === "publish");
        return p.done[intent === "publish" ? "published" : "unpublished"];
      case "feature":
      case "unfeature":
        await setFeatured(id, intent === "feature");
        return p.done[intent === "feature" ? "featured" : "unfeatured"];
      case "delete":
        await deleteProject(id);
        return p.done.deleted;
    }
    throw new DomainError("portfolio.not_found");
  });
}

function OneClick({
  intent,
  id,
  label,
  children,
}: {
  intent: string;
  id: string;
  label?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="btn btn-secondary px-3 py-1.5 text-sm" aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

export default function AdminPortfolio({ loaderData, actionData }: Route.ComponentProps) {
  const { projects } = loaderData;
  const m = useMessages("admin", "portfolioAdmin");
  const p = m.portfolioAdmin;
  const a = m.admin;
  const fetcher = useFetcher<AdminAnswer>();
  const [searchParams] = useSearchParams();
  const [deleting, setDeleting] = useState<AdminProject | null>(null);
  const noticeKey = NOTICES.find((key) => key === searchParams.get("notice"));
  const answer = fetcher.data?.ok ? fetcher.data : actionData;
  const featuredCount = projects.filter((project) => project.featured).length;

  return (
    <section>
      <AdminHeader title={p.title} intro={p.intro}>
        <LocalizedLink to="/admin/portfolio/new" className="btn btn-primary">
          {p.newProject}
        </LocalizedLink>
      </AdminHeader>
      <AnswerNotice answer={answer} fallback={noticeKey ? p.done[noticeKey] : undefined} />

      {projects.length === 0 ? (
        <p className="card">{p.empty}</p>
      ) : (
        <ol aria-label={p.listLabel} className="space-y-3">
          {projects.map((project, index) => {
            const title = project.translations.en.title;
            return (
              <li key={project.id} className="card flex flex-col gap-3 sm:flex-row sm:items-start">
                <img
                  src={project.image.src}
                  alt=""
                  width={120}
                  height={90}
                  className="aspect-[4/3] w-28 shrink-0 rounded-lg border border-border object-cover"
                />
                <div className="min-w-0 flex-1 space-y-2">
                  <h2 className="text-lg font-bold">
                    <span className="sr-only">{p.position(index + 1)}</span>
                    {title}
                  </h2>
                  <p className="text-sm break-all text-muted">/inspirations/{project.slug}</p>
                  <div className="flex flex-wrap gap-2">
                    <Badge tone={project.published ? "success" : "neutral"}>
                      {project.published ? p.published : p.unpublished}
                    </Badge>
                    {project.featured && <Badge tone="accent">{p.featuredBadge}</Badge>}
                  </div>
                  {project.frenchMissing.length > 0 && (
                    <p className="text-sm font-medium text-warning">{p.notInFrench(...project.frenchMissing)}</p>
                  )}
                  <div className="flex flex-wrap gap-2">
                    {index > 0 && (
                      <OneClick intent="up" id={project.id} label={p.moveUp(title)}>
                        <span aria-hidden="true">↑</span>
                      </OneClick>
                    )}
                    {index < projects.length - 1 && (
                      <OneClick intent="down" id={project.id} label={p.moveDown(title)}>
                        <span aria-hidden="true">↓</span>
                      </OneClick>
                    )}
                    <OneClick
                      intent={project.published ? "unpublish" : "publish"}
                      id={project.id}
                      label={p.actionOn(project.published ? p.unpublish : p.publish, title)}
                    >
                      {project.published ? p.unpublish : p.publish}
                    </OneClick>
                    {(project.featured || featuredCount < FEATURED_MAX) && (
                      <OneClick
                        intent={project.featured ? "unfeature" : "feature"}
                        id={project.id}
                        label={p.actionOn(project.featured ? p.unfeature : p.feature, title)}
                      >
                        {project.featured ? p.unfeature : p.feature}
                      </OneClick>
                    )}
                    <LocalizedLink
                      to={`/admin/portfolio/${project.id}`}
                      className="btn btn-secondary px-3 py-1.5 text-sm"
                      aria-label={p.editLabel(title)}
                    >
                      {p.edit}
                    </LocalizedLink>
                    <ConfirmedButton
                      label={p.deleteLabel(title)}
                      fields={{ intent: "delete", id: project.id }}
                      onClick={() => setDeleting(project)}
                    >
                      {p.delete}
                    </ConfirmedButton>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? p.confirmDelete(deleting.translations.en.title) : ""}
        confirmLabel={a.common.delete}
        fetcher={fetcher}
        fields={{ intent: "delete", id: deleting?.id ?? "" }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
