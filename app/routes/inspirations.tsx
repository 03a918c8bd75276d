import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/inspirations";
import { useMessages } from "~/features/i18n/use-locale";
import { CallToAction, PageHeader } from "~/features/marketing/section";
import { ProjectCard } from "~/features/portfolio/project-card";
import { LazyProjectDialog } from "~/features/portfolio/lazy-project-dialog";
import { PROJECTS, projectBySlug, type Project } from "~/features/portfolio/projects";
import { useProjectDialog } from "~/features/portfolio/use-project-dialog";
import { useLatest } from "~/features/shell/use-latest";
import { pageSeo } from "~/features/seo/page-seo";

export const meta = (args: Route.MetaArgs) =>
  pageSeo(args, ["portfolio"], (m) => ({ title: m.portfolio.metaTitle, description: m.portfolio.metaDescription }));

/** The six projects. Each has an address: /inspirations#elven-armor opens its dialog. */
export default function Inspirations() {
  const m = useMessages("portfolio", "services");
  const dialog = useProjectDialog<Project>();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const list = useRef<HTMLUListElement>(null);
  const fromHash = projectBySlug(decodeURIComponent(hash.slice(1)));

  // The address decides: opening a project puts it in the address, and an address opens it. Only
  // the address drives this effect: the dialog is read as it is when the address changes.
  const latestDialog = useLatest(dialog);
  useEffect(() => {
    const dialog = latestDialog.current;
    if (fromHash && (!dialog.open || dialog.selected !== fromHash)) {
      const opener = list.current?.querySelector<HTMLElement>(`#${fromHash.slug} button`);
      dialog.show(fromHash, opener);
    }
  }, [fromHash, latestDialog]);

  const setAddress = (project: Project | null) =>
    navigate({ hash: project ? project.slug : "" }, { replace: true, preventScrollReset: true });

  return (
    <>
      <PageHeader title={m.portfolio.title} intro={m.portfolio.intro} />
      <section aria-label={m.portfolio.title} className="mx-auto max-w-6xl px-4 py-8">
        <ul ref={list} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {PROJECTS.map((project, index) => (
            <li key={project.key}>
              <ProjectCard
                project={project}
                eager={index < 3}
                headingLevel="h2"
                onOpen={(chosen, opener) => {
                  dialog.show(chosen, opener);
                  setAddress(chosen);
                }}
              />
            </li>
          ))}
        </ul>
      </section>
      <CallToAction id="inspirations-cta" title={m.services.ctaTitle} text={m.services.ctaText} button={m.services.ctaButton} />
      <LazyProjectDialog
        project={dialog.selected}
        open={dialog.open}
        onClosed={() => {
          dialog.closed();
          if (hash) setAddress(null);
        }}
      />
    </>
  );
}
