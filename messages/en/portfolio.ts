import type { ProjectCategory } from "../../domain/portfolio.ts";

export const portfolio = {
  metaTitle: "Inspirations: our 3D printing projects",
  metaDescription: (studio: string) => `3D printing projects from the ${studio} studio, and how each was made.`,
  title: "Inspirations",
  intro: (count: number) =>
    count === 0
      ? "The studio's projects will be shown here soon."
      : `${count === 1 ? "One project" : `${count} projects`} from the studio. Open one to see the story behind it.`,
  categories: {
    decoration: "Decoration",
    cosplay: "Cosplay",
    filmProps: "Film props",
    functional: "Functional",
  } satisfies Record<ProjectCategory, string>,
  category: "Category",
  client: "Client",
  duration: "Duration",
  materials: "Materials",
  process: "Process",
  challenge: "The challenge",
  solution: "Our solution",
  gallery: "Gallery",
  close: "Close",
  viewDetails: (title: string) => `View project: ${title}`,
};
