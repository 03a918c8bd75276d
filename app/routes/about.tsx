import type { Route } from "./+types/about";
import { useMessages } from "~/features/i18n/use-locale";
import { CallToAction, PageHeader, Section } from "~/features/marketing/section";
import { pageSeo } from "~/features/seo/page-seo";

export const meta = (args: Route.MetaArgs) =>
  pageSeo(args, ["about"], (m) => ({ title: m.about.metaTitle, description: m.about.metaDescription }));

const TEAM_PICTURES = ["/images/team/camille-tremblay.svg", "/images/team/samir-haddad.svg"];

export default function About() {
  const m = useMessages("about");
  const a = m.about;
  return (
    <>
      <PageHeader title={a.title} intro={a.intro} />

      <Section id="story-title" title={a.storyTitle}>
        <div className="max-w-3xl space-y-4 text-lg">
          {a.story.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>

      <Section id="values-title" title={a.valuesTitle}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {a.values.map((value) => (
            <li key={value.title} className="card">
              <h3 className="text-lg font-bold">{value.title}</h3>
              <p className="mt-2 text-muted">{value.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="process-title" title={a.processTitle}>
        <ol className="grid gap-6 md:grid-cols-3">
          {a.process.map((step, index) => (
            <li key={step.title} className="card">
              <span
                className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-accent font-bold text-on-accent"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-xl font-bold">{step.title}</h3>
              <p className="mt-2 text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="team-title" title={a.teamTitle}>
        <ul className="grid gap-8 md:grid-cols-2">
          {a.team.map((member, index) => (
            <li
              key={member.name}
              className="card flex flex-col items-center gap-6 text-center sm:flex-row sm:text-left"
            >
              <img
                src={TEAM_PICTURES[index]}
                alt={member.imageAlt}
                width={240}
                height={240}
                loading="lazy"
                className="h-40 w-40 shrink-0 rounded-full border border-border"
              />
              <div>
                <h3 className="text-xl font-bold">{member.name}</h3>
                <p className="font-semibold text-accent">{member.role}</p>
                <p className="mt-2 text-muted">{member.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <CallToAction id="about-cta" title={a.ctaTitle} text={a.ctaText} button={a.ctaButton} />
    </>
  );
}
