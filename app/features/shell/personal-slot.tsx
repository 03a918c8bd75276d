import { createContext, useContext, type ReactNode } from "react";
import { PERSONAL_DATA_ID, type PersonalSlot as Slot } from "../../../domain/personal-slots.ts";
import { useMessages } from "../i18n/use-locale";

/** True while the server renders a page's part that is the same for everybody (decision 060). */
export const SharedRender = createContext(false);

/**
 * What belongs to one person: in the shared render a placeholder, which the server replaces with
 * this person's part rendered by the same components; everywhere else (the browser, the normal
 * render) the part itself.
 */
export function PersonalSlot({ name, children }: { name: Slot; children?: ReactNode }) {
  const shared = useContext(SharedRender);
  // The parts' catalogues are modulepreloaded with the shared page, as if the parts were in it.
  useMessages("common", "shell", "cart");
  return shared ? <template data-personal={name} /> : children;
}

/** Where the browser finds the person's data of a spliced page (the server writes it in this element). */
export function PersonalDataElement() {
  return (
    <script
      type="application/json"
      id={PERSONAL_DATA_ID}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: "" }}
    />
  );
}

/** What the loader of a buyer's own page gives the shared render: the page's data is spliced in. */
export type SplicedPage = { personalSpliced: true };

/**
 * A page whose content is the person's own (decisions 073 and 074): in the shared render a
 * placeholder; in the browser, hydrating a spliced page, the page data the server wrote beside the
 * person's parts; everywhere else (a navigation, a page rendered whole) the loader's data.
 */
export function PersonalPage<T extends object>({
  data,
  children,
}: {
  data: T | SplicedPage;
  children: (page: T) => ReactNode;
}) {
  if (useContext(SharedRender)) return <template data-personal="page" />;
  return children("personalSpliced" in data ? splicedPersonalData<{ page: T }>().page : data);
}

let splicedData: unknown;

/** The person's root data spliced into this page by the server; read once, in the browser. */
export function splicedPersonalData<T>(): T {
  splicedData ??= JSON.parse(document.getElementById(PERSONAL_DATA_ID)?.textContent || "{}");
  return splicedData as T;
}
