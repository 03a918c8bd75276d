import { useEffect, useRef } from "react";
import { data, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/inspirations";
import { useLocalizedPath, useMessages } from "~/features/i18n/use-locale";
import { CallToAction, PageHeader } from "~/features/marketing/section";
import { ProjectCard } from "~/features/portfolio/project-card";
// Not lazy here: a project's own address renders its dialog in the server's HTML (read without JavaScript).
import { ProjectDialog } from "~/features/portfolio/project-dialog";
import { useProjectDialog } from "~/features/portfolio/use-project-dialog";
import { useLatest } from "~/features/shell/use-latest";
import { pageSeo } from "~/features/seo/page-seo";
import { metaDescription } from "~/lib/seo";
import type { PublicProject } from "../../domain/portfolio.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { listPublicProjects, publicProjectPages } from "../../server/content/portfolio.ts";

/** A project shown in English only names no French alternate (its French address is a 404). */
export const meta = (args: Route.MetaArgs) => {
  const project = args.params.project
    ? args.loaderData?.projects.find((shown) => shown.slug === args.params.project)
    : undefined;
  const tags = pageSeo(args, ["portfolio"], (m, siteName) =>
    project
      ? {
          title: `${project.title} · ${m.portfolio.title}`,
          description: metaDescription(project.descriptionText),
          image: project.image.src,
          type: "article",
        }
      : { title: m.portfolio.metaTitle, description: m.portfolio.metaDescription(siteName) },
  );
  const locales = args.loaderData?.locales;
  if (!locales) return tags;
  return tags.filter(
    (tag) =>
      !("hrefLang" in tag) ||
      tag.hrefLang === "x-default" ||
      (locales as readonly string[]).includes(String(tag.hrefLang)),
  );
};

/**
 * The published projects shown in the page's language (a project without its French words is not
 * listed in French). An unknown or unpublished project's address is a 404, in the page's language.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const projects = await listPublicProjects(localeFromPath(new URL(request.url).pathname));
  if (params.project && !projects.some((project) => project.slug === params.project)) throw data(null, { status: 404 });
  const locales = params.project
    ? (await publicProjectPages()).find((page) => page.slug === params.project)?.locales
    : undefined;
  return { projects, locales };
}

/**
 * The studio's projects. Each has its own address, /inspirations/elven-armor, which the server renders
 * with the project open (without JavaScript too); the older /inspirations#elven-armor opens it as well.
 */
export default function Inspirations({ params, loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  const projectBySlug = (slug: string) => projects.find((project) => project.slug === slug);
  const m = useMessages("portfolio", "services");
  const { hash, key: locationKey } = useLocation();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const list = useRef<HTMLUListElement>(null);
  const fromAddress =
    (params.project ? projectBySlug(params.project) : undefined) ?? projectBySlug(decodeURIComponent(hash.slice(1)));
  const dialog = useProjectDialog<PublicProject>(fromAddress ?? null);

  // The address decides: opening a project puts it in the address, and an address opens it. Only
  // the address drives this effect: the dialog is read as it is when the address changes.
  // `requested` is the address this page last asked for. While it is on its way, an older address
  // committing first (a project closed while its address was loading; the navigation that closed
  // it cannot stop a transition already rendering) is not an address the visitor wants.
  const requested = useRef<string | null | undefined>(undefined);
  const latestDialog = useLatest(dialog);
  useEffect(() => {
    const dialog = latestDialog.current;
    const arrived = fromAddress?.slug ?? null;
    if (requested.current !== undefined) {
      if (requested.current !== arrived) return;
      requested.current = undefined;
    }
    if (fromAddress && (!dialog.open || dialog.selected?.slug !== fromAddress.slug)) {
      const opener = list.current?.querySelector<HTMLElement>(`#${fromAddress.slug} a`);
      dialog.show(fromAddress, opener);
    }
  }, [fromAddress, locationKey, latestDialog]);

  const setAddress = (project: PublicProject | null) => {
    requested.current = project?.slug ?? null;
    return navigate(localize(project ? `/inspirations/${project.slug}` : "/inspirations"), {
      replace: true,
      preventScrollReset: true,
    });
  };

  return (
    <>
      <PageHeader title={m.portfolio.title} intro={m.portfolio.intro(projects.length)} />
      <section aria-label={m.portfolio.title} className="mx-auto max-w-6xl px-4 py-8">
        <ul ref={list} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {projects.map((project, index) => (
            <li key={project.slug}>
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
      <CallToAction
        id="inspirations-cta"
        title={m.services.ctaTitle}
        text={m.services.ctaText}
        button={m.services.ctaButton}
      />
      <ProjectDialog
        project={dialog.selected}
        open={dialog.open}
        onClosed={() => {
          dialog.closed();
          // Always, even when the address does not show the project yet: it may still be loading
          // (the navigation state this render saw can lag behind, it is a transition), and on
          // arrival it would open the project again.
          setAddress(null);
        }}
      />
    </>
  );
}
