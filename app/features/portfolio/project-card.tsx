import { LocalizedLink } from "~/features/i18n/localized-link";
import { useMessages } from "~/features/i18n/use-locale";
import type { PublicProject } from "../../../domain/portfolio.ts";
import { PROJECT_PICTURE_SIZE } from "./picture-size";

type Props = {
  project: PublicProject;
  onOpen: (project: PublicProject, opener: HTMLElement) => void;
  /** Lazy unless the card is near the top of the page. */
  eager?: boolean;
  headingLevel?: "h2" | "h3";
};

/**
 * A project's picture, category and title. "View project" is a link to the project's own address
 * (/inspirations/<slug>, a page the server renders with the project open) and the whole card opens
 * it; when the page runs, a plain click opens the project as a dialog instead.
 */
export function ProjectCard({ project, onOpen, eager = false, headingLevel: Heading = "h3" }: Props) {
  const m = useMessages("home", "portfolio");
  return (
    <article
      id={project.slug}
      className="group relative scroll-mt-24 overflow-hidden rounded-2xl border border-border bg-surface shadow-sm transition-shadow hover:shadow-md"
    >
      <img
        src={project.image.src}
        alt=""
        {...PROJECT_PICTURE_SIZE}
        loading={eager ? "eager" : "lazy"}
        className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
      />
      <div className="p-5">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">
          {m.portfolio.categories[project.category]}
        </p>
        <Heading className="mt-1 text-lg font-bold">{project.title}</Heading>
        {/* The description's HTML, rendered on the server from the studio's Markdown (raw HTML off). */}
        <div
          className="mt-2 line-clamp-3 text-sm text-muted"
          dangerouslySetInnerHTML={{ __html: project.descriptionHtml }}
        />
        <LocalizedLink
          to={`/inspirations/${project.slug}`}
          aria-haspopup="dialog"
          aria-label={m.portfolio.viewDetails(project.title)}
          className="btn btn-secondary mt-4 after:absolute after:inset-0 after:content-['']"
          preventScrollReset
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onOpen(project, event.currentTarget);
          }}
        >
          {m.home.viewProject}
        </LocalizedLink>
      </div>
    </article>
  );
}
