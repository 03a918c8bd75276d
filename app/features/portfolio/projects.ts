import type { ProjectCategoryKey, ProjectKey } from "../../../messages/en/portfolio.ts";

/** A portfolio project: what does not depend on the language. Its words are in the `portfolio` catalogue. */
export type Project = {
  key: ProjectKey;
  /** Its address on /inspirations: /inspirations#elven-armor opens it. */
  slug: string;
  category: ProjectCategoryKey;
  image: string;
  gallery: string[];
};

const dir = "/images/portfolio";
export const PICTURE_SIZE = { width: 800, height: 600 } as const;

export const PROJECTS: readonly Project[] = [
  { key: "modernSculpture", slug: "modern-sculpture", category: "decoration", image: `${dir}/modern-sculpture.svg`, gallery: [] },
  {
    key: "cosplayPistol",
    slug: "cosplay-pistol",
    category: "cosplay",
    image: `${dir}/cosplay-pistol.svg`,
    gallery: [`${dir}/cosplay-pistol-raw.svg`, `${dir}/cosplay-pistol-detail.svg`],
  },
  {
    key: "elvenArmor",
    slug: "elven-armor",
    category: "filmProps",
    image: `${dir}/elven-armor.svg`,
    gallery: [`${dir}/elven-armor-raw.svg`, `${dir}/elven-armor-detail.svg`],
  },
  {
    key: "leafLamp",
    slug: "leaf-lamp",
    category: "decoration",
    image: `${dir}/leaf-lamp.svg`,
    gallery: [`${dir}/leaf-lamp-off.svg`, `${dir}/leaf-lamp-detail.svg`],
  },
  { key: "pylonCharger", slug: "pylon-charger", category: "functional", image: `${dir}/pylon-charger.svg`, gallery: [] },
  { key: "mechStand", slug: "mech-stand", category: "functional", image: `${dir}/mech-stand.svg`, gallery: [] },
];

/** The three projects of the home page. */
export const FEATURED_PROJECTS: readonly Project[] = ["modernSculpture", "cosplayPistol", "elvenArmor"].map(
  (key) => PROJECTS.find((project) => project.key === key)!,
);

export function projectBySlug(slug: string): Project | undefined {
  return PROJECTS.find((project) => project.slug === slug);
}
