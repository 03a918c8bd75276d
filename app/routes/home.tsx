import type { Route } from "./+types/home";
import { useRootData } from "~/root";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useMessages } from "~/features/i18n/use-locale";
import { ClapperIcon, LampIcon, MaskIcon, PrinterIcon, ScanIcon, SpoolIcon } from "~/features/marketing/icons";
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

export const meta = (args: Route.MetaArgs) => {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as { studio?: StudioIdentity; publicUrl?: string } | undefined;
  const origin = root?.publicUrl ?? "http://localhost:3000";
  return [
    ...pageSeo(args, ["home"], (m, siteName) => ({ title: `${siteName} · ${m.common.tagline}`, description: m.home.metaDescription, fullTitle: true })),
    // The studio for search engines: address, telephone, opening hours, social links (Admin → Settings).
    ...(root?.studio ? [{ "script:ld+json": localBusinessJsonLd(root.studio, { url: new URL(args.location.pathname, origin).toString(), today: taxDate(new Date()) }) }] : []),
  ];
};

/** The projects the owner features (up to three), in the page's language. */
export async function loader({ request }: Route.LoaderArgs) {
  return { featured: await featuredProjects(localeFromPath(new URL(request.url).pathname)) };
}

/** The spec: 20 particles in the hero, in the dark theme only. */
const HERO_PARTICLES = 20;

export default function Home({ loaderData }: Route.ComponentProps) {
  const m = useMessages("common", "home");
  const { theme, studio } = useRootData();
  const dialog = useProjectDialog<PublicProject>();
  const city = studio.city.split(",")[0].trim();

  const services = [
    { key: "scanning", icon: <ScanIcon />, ...m.home.services.scanning },
    { key: "printing", icon: <PrinterIcon />, ...m.home.services.printing },
    { key: "materials", icon: <SpoolIcon />, ...m.home.services.materials },
  ];
  const industries = [
    { key: "cosplay", icon: <MaskIcon />, ...m.home.industries.cosplay },
    { key: "film", icon: <ClapperIcon />, ...m.home.industries.film },
    { key: "decor", icon: <LampIcon />, ...m.home.industries.decor },
  ];

  return (
    <>
      <section aria-labelledby="hero-title" className="relative overflow-hidden">
        {theme === "dark" && <Particles count={HERO_PARTICLES} zone="picture" />}
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2 md:py-24">
          <div>
            <p className="font-semibold uppercase tracking-wide text-accent">{m.home.heroEyebrow}</p>
            <h1 id="hero-title" className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
              {m.home.heroTitle}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-muted">{m.home.heroSubtitle(city)}</p>
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
            alt={m.home.heroImageAlt}
            width={800}
            height={640}
            fetchPriority="high"
            className="h-auto w-full rounded-3xl border border-border shadow-lg"
          />
        </div>
      </section>

      <Section id="services-title" title={m.home.servicesTitle} intro={m.home.servicesIntro}>
        <ul className="grid gap-6 md:grid-cols-3">
          {services.map((service) => (
            <li key={service.key} className="card">
              <span className="inline-flex rounded-xl bg-surface-2 p-3 text-accent">{service.icon}</span>
              <h3 className="mt-4 text-xl font-bold">{service.title}</h3>
              <p className="mt-2 text-muted">{service.text}</p>
            </li>
          ))}
        </ul>
        <LocalizedLink to="/services" className="mt-6 inline-block font-semibold text-accent underline underline-offset-4">
          {m.home.servicesLink}
        </LocalizedLink>
      </Section>

      <Section id="industries-title" title={m.home.industriesTitle}>
        <ul className="grid gap-6 md:grid-cols-3">
          {industries.map((industry) => (
            <li key={industry.key} className="card">
              <span className="inline-flex rounded-xl bg-surface-2 p-3 text-accent">{industry.icon}</span>
              <h3 className="mt-4 text-xl font-bold">{industry.title}</h3>
              <p className="mt-2 text-muted">{industry.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="featured-title" title={m.home.featuredTitle} intro={m.home.featuredIntro}>
        <ul className="grid gap-6 md:grid-cols-3">
          {loaderData.featured.map((project) => (
            <li key={project.slug}>
              <ProjectCard project={project} onOpen={dialog.show} />
            </li>
          ))}
        </ul>
        <LocalizedLink to="/inspirations" className="btn btn-secondary mt-8">
          {m.home.allProjects}
        </LocalizedLink>
      </Section>

      <LazyProjectDialog project={dialog.selected} open={dialog.open} onClosed={dialog.closed} />
    </>
  );
}
