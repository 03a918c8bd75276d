import { lazyDialog } from "~/features/shell/lazy-dialog";

/** The store's item dialog, downloaded when an item is first opened over the grid. */
export const LazyItemDialog = lazyDialog(
  () => import("./item-dialog").then((module) => module.ItemDialog),
  (props) => props.item !== undefined,
);
