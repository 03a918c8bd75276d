import type { HomeIcon, PublicHomeCard, PublicHomeHero } from "../../../domain/home-content.ts";
import { ClapperIcon, LampIcon, MaskIcon, PrinterIcon, ScanIcon, SpoolIcon } from "./icons";

/**
 * The home page's hero text and cards as visitors see them (issue 23). Texts come from the studio's
 * admin as plain text: React writes them as text, never as HTML. Admin → Home page previews with these.
 */
const ICONS: Record<HomeIcon, () => React.ReactElement> = {
  scan: () => <ScanIcon />,
  printer: () => <PrinterIcon />,
  spool: () => <SpoolIcon />,
  mask: () => <MaskIcon />,
  clapper: () => <ClapperIcon />,
  lamp: () => <LampIcon />,
};

export function HomeCardItem({ card }: { card: PublicHomeCard }) {
  return (
    <li className="card">
      <span className="inline-flex rounded-xl bg-surface-2 p-3 text-accent">{ICONS[card.icon]()}</span>
      <h3 className="mt-4 text-xl font-bold">{card.title}</h3>
      <p className="mt-2 text-muted">{card.text}</p>
    </li>
  );
}

/** The hero's words: the page's h1 (`titleId`), or in a preview a paragraph that looks the same. */
export function HeroText({ hero, titleId }: { hero: PublicHomeHero; titleId?: string }) {
  const titleClass = "mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl";
  return (
    <>
      <p className="font-semibold tracking-wide text-accent uppercase">{hero.eyebrow}</p>
      {titleId ? (
        <h1 id={titleId} className={titleClass}>
          {hero.title}
        </h1>
      ) : (
        <p className={`${titleClass} break-words`}>{hero.title}</p>
      )}
      <p className="mt-5 max-w-xl text-lg text-muted">{hero.subtitle}</p>
    </>
  );
}
