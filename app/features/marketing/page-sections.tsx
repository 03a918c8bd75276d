import { CheckIcon } from "./icons";
import type { PublicSection } from "../../../domain/page-sections.ts";

/** HTML the server rendered from the studio's Markdown (server/content/markdown.ts: raw HTML off). */
export function StudioText({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`studio-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A part of the studio's story on /about. */
export function StoryPart({ section, headingLevel = 2 }: { section: PublicSection; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={`story-${section.id}`} className="max-w-3xl">
      <Heading id={`story-${section.id}`} className="text-2xl font-bold tracking-tight">
        {section.title}
      </Heading>
      <StudioText html={section.textHtml} className="mt-4 text-lg" />
    </section>
  );
}

/** A person of the team on /about. */
export function TeamMember({ section, photoAlt }: { section: PublicSection; photoAlt: string }) {
  return (
    <li className="card flex flex-col items-center gap-6 text-center sm:flex-row sm:text-left">
      {section.picture && (
        <img
          src={section.picture}
          alt={photoAlt}
          width={160}
          height={160}
          loading="lazy"
          className="h-40 w-40 shrink-0 rounded-full border border-border object-cover"
        />
      )}
      <div className="min-w-0">
        <h3 className="text-xl font-bold">{section.title}</h3>
        {section.subtitle && <p className="font-semibold text-accent">{section.subtitle}</p>}
        <StudioText html={section.textHtml} className="mt-2 text-muted" />
      </div>
    </li>
  );
}

/** An offer on /services, with its "from" price when it has one. */
export function OfferCard({ section, price }: { section: PublicSection; price?: string }) {
  return (
    <section aria-labelledby={`offer-${section.id}`} className="card flex flex-col">
      {section.picture && (
        <img
          src={section.picture}
          alt=""
          width={480}
          height={270}
          loading="lazy"
          className="mb-4 aspect-video w-full rounded-xl object-cover"
        />
      )}
      <h2 id={`offer-${section.id}`} className="text-2xl font-bold">
        {section.title}
      </h2>
      <StudioText html={section.textHtml} className="mt-2 flex-1 text-muted" />
      {price && <p className="mt-6 rounded-xl bg-surface-2 px-4 py-3 font-bold">{price}</p>}
    </section>
  );
}

/** A fact the site knows, with a tick. */
export function Fact({ children }: { children: React.ReactNode }) {
  return (
    <li className="flex gap-2">
      <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-success" />
      <span>{children}</span>
    </li>
  );
}
