import { useMessages } from "~/features/i18n/use-locale";
import { useHydrated } from "~/features/shell/use-hydrated";
import { PICTURE_SIZE, type Project } from "./projects";

type Props = {
  project: Project;
  onOpen: (project: Project, opener: HTMLElement) => void;
  /** Lazy unless the card is near the top of the page. */
  eager?: boolean;
  headingLevel?: "h2" | "h3";
};

/** A project's picture, category and title; the whole card is the button that opens its dialog. */
export function ProjectCard({ project, onOpen, eager = false, headingLevel: Heading = "h3" }: Props) {
  const m = useMessages("home", "portfolio");
  const text = m.portfolio.projects[project.key];
  const live = useHydrated(); // a click before the page runs would open nothing
  return (
    <article id={project.slug} className="group scroll-mt-24 overflow-hidden rounded-2xl border border-border bg-surface shadow-sm transition-shadow hover:shadow-md">
      <img
        src={project.image}
        alt=""
        {...PICTURE_SIZE}
        loading={eager ? "eager" : "lazy"}
        className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
      />
      <div className="p-5">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">{m.portfolio.categories[project.category]}</p>
        <Heading className="mt-1 text-lg font-bold">{text.title}</Heading>
        <p className="mt-2 line-clamp-3 text-sm text-muted">{text.description}</p>
        <button
          type="button"
          aria-haspopup="dialog"
          aria-label={m.portfolio.viewDetails(text.title)}
          className="btn btn-secondary mt-4"
          disabled={!live}
          onClick={(event) => onOpen(project, event.currentTarget)}
        >
          {m.home.viewProject}
        </button>
      </div>
    </article>
  );
}
