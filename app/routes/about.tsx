import type { Route } from "./+types/about";
import { useRootData } from "~/root";
import { useMessages } from "~/features/i18n/use-locale";
import { StoryPart, TeamMember } from "~/features/marketing/page-sections";
import { CallToAction, PageHeader, Section } from "~/features/marketing/section";
import { pageSeo } from "~/features/seo/page-seo";
import { localeFromPath } from "../../domain/locale.ts";
import { publishedSections } from "../../server/content/page-sections.ts";

export const meta = (args: Route.MetaArgs) =>
  pageSeo(args, ["about"], (m, siteName) => ({
    title: m.about.metaTitle,
    description: m.about.metaDescription(siteName),
  }));

/** The studio's story and team, as the owner wrote them in Admin → About. */
export async function loader({ request }: Route.LoaderArgs) {
  return { sections: await publishedSections("about", localeFromPath(new URL(request.url).pathname)) };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const a = useMessages("about").about;
  const { studio } = useRootData();
  const story = loaderData.sections.filter((section) => section.kind === "story");
  const team = loaderData.sections.filter((section) => section.kind === "member");
  return (
    <>
      <PageHeader title={a.title(studio.name)} intro={story.length === 0 && team.length === 0 ? a.empty : ""} />
      {story.length > 0 && (
        <div className="mx-auto max-w-6xl space-y-12 px-4 py-10">
          {story.map((section) => (
            <StoryPart key={section.id} section={section} />
          ))}
        </div>
      )}
      {team.length > 0 && (
        <Section id="team-title" title={a.teamTitle}>
          <ul className="grid gap-8 md:grid-cols-2">
            {team.map((section) => (
              <TeamMember key={section.id} section={section} photoAlt={a.memberPhoto(section.title)} />
            ))}
          </ul>
        </Section>
      )}
      <CallToAction id="about-cta" title={a.ctaTitle} text={a.ctaText} button={a.ctaButton} />
    </>
  );
}
