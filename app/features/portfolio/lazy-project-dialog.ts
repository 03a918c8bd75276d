import { lazyDialog } from "~/features/shell/lazy-dialog";

/** The project dialog of the home page and /inspirations, downloaded when a project is first opened. */
export const LazyProjectDialog = lazyDialog(
  () => import("./project-dialog").then((module) => module.ProjectDialog),
  (props) => props.open,
);
