import type { Route } from "./+types/home";
import { useRootData } from "~/root";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useMessages } from "~/features/i18n/use-locale";
import { HeroText, HomeCardItem } from "~/features/marketing/home-blocks";
import { Section } from "~/features/marketing/section";
import { ProjectCard } from "~/features/portfolio/project-card";
import { LazyProjectDialog } from "~/features/portfolio/lazy-project-dialog";
import { useProjectDialog } from "~/features/portfolio/use-project-dialog";
import { pageSeo } from "~/features/seo/page-seo";
import { Particles } from "~/features/shell/particles";
import { localBusinessJsonLd, type StudioIdentity } from "../../domain/studio-identity.ts";
import { taxDate } from "../../domain/tax.ts";
import type { PublicProject } from "../../domain/portfolio.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { featuredProjects } from "../../server/content/portfolio.ts";
import { publicHome } from "../../server/content/home-content.ts";
import { getStudioIdentity } from "../../server/settings/studio-identity.ts";

export const meta = (args: Route.MetaArgs) => {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as
    { studio?: StudioIdentity; publicUrl?: string } | undefined;
  const origin = root?.publicUrl ?? "http://localhost:3000";
  const tagline = root?.studio?.tagline[localeFromPath(args.location.pathname)];
  return [
    ...pageSeo(args, ["home"], (m, siteName) => ({
      title: tagline ? `${siteName} · ${tagline}` : siteName,
      description: m.home.metaDescription(siteName),
      fullTitle: true,
    })),
    // The studio for search engines: address, telephone, opening hours, social links (Admin → Settings).
    ...(root?.studio && args.loaderData
      ? [
          {
            "script:ld+json": localBusinessJsonLd(root.studio, {
              url: new URL(args.location.pathname, origin).toString(),
              today: args.loaderData.today,
            }),
          },
        ]
      : []),
  ];
};

/** The hero and cards the studio wrote (Admin → Home page) and the projects it features (up to three), in the page's language. */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const { city } = await getStudioIdentity();
  const [home, featured] = [await publicHome(locale, city), await featuredProjects(locale)];
  // The studio's day for the opening hours' JSON-LD, worked out here: in the browser the time zone's
  // data would be loaded for it during hydration (12 ms of a phone's main thread).
  return { ...home, featured, today: taxDate(new Date()) };
}

/** The spec: 20 particles in the hero, in the dark theme only. */
const HERO_PARTICLES = 20;

export default function Home({ loaderData }: Route.ComponentProps) {
  const m = useMessages("common", "home");
  const { theme } = useRootData();
  const dialog = useProjectDialog<PublicProject>();
  const { hero, services, industries } = loaderData;

  return (
    <>
      <section aria-labelledby="hero-title" className="relative overflow-hidden">
        {theme === "dark" && <Particles count={HERO_PARTICLES} zone="picture" />}
        {theme === "system" && (
          <div className="hidden dark:contents" data-testid="system-dark-particles">
            <Particles count={HERO_PARTICLES} zone="picture" />
          </div>
        )}
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2 md:py-24">
          <div>
            <HeroText hero={hero} titleId="hero-title" />
            <div className="mt-8 flex flex-wrap gap-3">
              <LocalizedLink to="/contact" className="btn btn-primary">
                {m.home.heroCta}
              </LocalizedLink>
              <LocalizedLink to="/inspirations" className="btn btn-secondary">
                {m.home.heroSecondary}
              </LocalizedLink>
              <LocalizedLink to="/quote" className="btn btn-secondary">
                {m.home.heroQuote}
              </LocalizedLink>
            </div>
          </div>
          <img
            src="/images/hero.svg"
            alt={hero.imageAlt}
            width={800}
            height={640}
            fetchPriority="high"
            className="h-auto w-full rounded-3xl border border-border shadow-lg"
          />
        </div>
      </section>

      <Section id="services-title" title={m.home.servicesTitle} intro={m.home.servicesIntro}>
        {services.length > 0 && (
          <ul className="grid gap-6 md:grid-cols-3">
            {services.map((card) => (
              <HomeCardItem key={card.id} card={card} />
            ))}
          </ul>
        )}
        <LocalizedLink
          to="/services"
          className="mt-6 inline-block font-semibold text-accent underline underline-offset-4"
        >
          {m.home.servicesLink}
        </LocalizedLink>
      </Section>

      {industries.length > 0 && (
        <Section id="industries-title" title={m.home.industriesTitle}>
          <ul className="grid gap-6 md:grid-cols-3">
            {industries.map((card) => (
              <HomeCardItem key={card.id} card={card} />
            ))}
          </ul>
        </Section>
      )}

      <Section id="featured-title" title={m.home.featuredTitle} intro={m.home.featuredIntro}>
        {loaderData.featured.length > 0 && (
          <ul className="grid gap-6 md:grid-cols-3">
            {loaderData.featured.map((project) => (
              <li key={project.slug}>
                <ProjectCard project={project} onOpen={dialog.show} />
              </li>
            ))}
          </ul>
        )}
        <LocalizedLink to="/inspirations" className="btn btn-secondary mt-8">
          {m.home.allProjects}
        </LocalizedLink>
      </Section>

      <LazyProjectDialog project={dialog.selected} open={dialog.open} onClosed={dialog.closed} />
    </>
  );
}
