import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { useMessages } from "~/features/i18n/use-locale";
import type { StoreItemModel } from "../../../domain/catalogue-types.ts";

// The 3D view (three.js and the mesh worker) is downloaded only when a buyer asks for it.
const ModelView = lazy(() => import("./model-view"));

/**
 * "View in 3D": a button that exists only once the page's script runs (it needs WebGL and
 * JavaScript; without them the item's pictures are all there is, and no dead button is shown).
 */
export function ModelToggle({ shown, onToggle, controls }: { shown: boolean; onToggle: () => void; controls: string }) {
  const m = useMessages("store").store;
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="btn btn-secondary mt-3"
      aria-expanded={shown}
      aria-controls={controls}
      onClick={onToggle}
    >
      <span aria-hidden="true">⟳ </span>
      {shown ? m.hide3d : m.viewIn3d}
    </button>
  );
}

/** The item's model in 3D, in place of its picture. */
export function ItemModelView({ model, name, id }: { model: StoreItemModel; name: string; id: string }) {
  const m = useMessages("store").store;
  return (
    <div id={id}>
      <Suspense
        fallback={
          <p className="flex aspect-[4/3] w-full items-center justify-center rounded-2xl border border-border bg-surface-2 text-muted">
            {m.viewerLoading}
          </p>
        }
      >
        <ModelView model={model} name={name} />
      </Suspense>
    </div>
  );
}
