import type { ProjectCategory } from "../../domain/portfolio.ts";

export const portfolio = {
  metaTitle: "Inspirations: our 3D printing projects",
  metaDescription:
    "Cosplay armour, film props, sculptures, lamps and functional prints: six projects from the Forge & Filament studio, with how we made them.",
  title: "Inspirations",
  intro: "Six projects from the studio, from a film set to a living room. Open one to see the story behind it.",
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
