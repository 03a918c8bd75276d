import { useId, useLayoutEffect, useRef, useState } from "react";
import { CloseIcon } from "~/features/shell/icons";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { colon } from "../../../domain/french.ts";
import type { PublicProject } from "../../../domain/portfolio.ts";
import { PROJECT_PICTURE_SIZE as PICTURE_SIZE } from "./picture-size";

type Props = {
  project: PublicProject | null;
  open: boolean;
  /** Called once the dialog has closed, whatever closed it. */
  onClosed: () => void;
};

/**
 * A native modal dialog (focus kept inside, Escape closes) labelled by the project's title.
 * The overlay closes it too. It stays mounted so that it can fade out with the project still shown.
 */
export function ProjectDialog({ project, open, onClosed }: Props) {
  const m = useMessages("portfolio");
  const locale = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // Open from the first render (an address that names the project), the server's HTML shows the
  // dialog open, as a plain box over the page: readable without JavaScript. The page then makes it modal.
  const [openInHtml] = useState(open);
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.matches(":modal")) {
      element.removeAttribute("open");
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      open={openInHtml || undefined}
      aria-labelledby={titleId}
      onClose={onClosed}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the overlay around the content.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(56rem,calc(100%-2rem))] translate-y-4 overflow-y-auto rounded-2xl border border-border bg-surface p-0 text-text opacity-0 shadow-2xl transition-[opacity,translate,display,overlay] transition-discrete duration-300 backdrop:bg-black/60 open:translate-y-0 open:opacity-100 starting:open:translate-y-4 starting:open:opacity-0 [&:not(:modal)]:fixed [&:not(:modal)]:inset-0 [&:not(:modal)]:z-50"
    >
      {project && (
        <article>
          <div className="sticky top-0 z-10 flex justify-end p-2">
            {/* method="dialog" closes the dialog without JavaScript too. */}
            <form method="dialog">
              <button type="submit" className="icon-btn bg-surface shadow" aria-label={m.portfolio.close}>
                <CloseIcon />
              </button>
            </form>
          </div>
          <img
            src={project.image.src}
            alt={project.image.alt}
            {...PICTURE_SIZE}
            className="-mt-14 aspect-[4/3] h-auto max-h-[45dvh] w-full object-cover"
          />
          <div className="space-y-6 p-6 sm:p-8">
            <header>
              <p className="text-sm font-semibold tracking-wide text-accent uppercase">
                <span className="sr-only">
                  {m.portfolio.category}
                  {colon(locale)}
                </span>
                {m.portfolio.categories[project.category]}
              </p>
              <h2 id={titleId} className="mt-1 text-2xl font-bold sm:text-3xl">
                {project.title}
              </h2>
              {/* HTML rendered on the server from the studio's Markdown (raw HTML off): server/content/markdown.ts. */}
              <div
                className="mt-3 space-y-3 text-muted"
                dangerouslySetInnerHTML={{ __html: project.descriptionHtml }}
              />
            </header>

            {(project.client || project.duration) && (
              <dl className="grid gap-4 sm:grid-cols-2">
                {project.client && (
                  <div className="rounded-xl bg-surface-2 p-4">
                    <dt className="text-sm font-semibold text-muted">{m.portfolio.client}</dt>
                    <dd className="mt-1 font-medium">{project.client}</dd>
                  </div>
                )}
                {project.duration && (
                  <div className="rounded-xl bg-surface-2 p-4">
                    <dt className="text-sm font-semibold text-muted">{m.portfolio.duration}</dt>
                    <dd className="mt-1 font-medium">{project.duration}</dd>
                  </div>
                )}
              </dl>
            )}

            <div className="grid gap-6 sm:grid-cols-2">
              {project.materials && project.materials.length > 0 && (
                <section>
                  <h3 className="font-bold">{m.portfolio.materials}</h3>
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
                    {project.materials.map((material) => (
                      <li key={material}>{material}</li>
                    ))}
                  </ul>
                </section>
              )}
              {project.process && project.process.length > 0 && (
                <section>
                  <h3 className="font-bold">{m.portfolio.process}</h3>
                  <ol className="mt-2 list-decimal space-y-1 pl-5 text-muted">
                    {project.process.map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ol>
                </section>
              )}
            </div>

            {project.challengeHtml && (
              <section>
                <h3 className="font-bold">{m.portfolio.challenge}</h3>
                <div
                  className="mt-2 space-y-3 text-muted"
                  dangerouslySetInnerHTML={{ __html: project.challengeHtml }}
                />
              </section>
            )}
            {project.solutionHtml && (
              <section>
                <h3 className="font-bold">{m.portfolio.solution}</h3>
                <div className="mt-2 space-y-3 text-muted" dangerouslySetInnerHTML={{ __html: project.solutionHtml }} />
              </section>
            )}

            {project.gallery.length > 0 && (
              <section>
                <h3 className="font-bold">{m.portfolio.gallery}</h3>
                <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                  {project.gallery.map((picture, index) => (
                    <li key={`${index}-${picture.src}`}>
                      <figure>
                        <img
                          src={picture.src}
                          alt={picture.alt}
                          {...PICTURE_SIZE}
                          loading="lazy"
                          className="aspect-[4/3] h-auto w-full rounded-xl border border-border object-cover"
                        />
                        {picture.caption && (
                          <figcaption className="mt-1 text-sm text-muted">{picture.caption}</figcaption>
                        )}
                      </figure>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        </article>
      )}
    </dialog>
  );
}
