import type { Messages } from "~/i18n/catalogue";

export type MetaArgsLike = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

/** The studio's name as the owner saved it (Admin → Settings), for titles and link previews; the catalogue's before the root has loaded. */
export function savedSiteName(args: Pick<MetaArgsLike, "matches">, m: Pick<Messages, "common">): string {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as
    { studio?: { name?: string } } | undefined;
  return root?.studio?.name || m.common.siteName;
}
