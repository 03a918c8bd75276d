import { lazy, Suspense, useState, type ComponentType } from "react";

/**
 * A dialog whose code is downloaded the first time it opens, not with the page: renders nothing
 * until `isOpen(props)` is first true, then the dialog, which stays mounted (it closes itself,
 * gives the focus back and fades out). Open from the start (an address that opens it), the server
 * renders it in the page as before.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean) {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
