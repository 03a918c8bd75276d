import type { Messages } from "~/i18n/catalogue";
import { mediaPngUrl } from "../../../domain/media.ts";

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

/**
 * The link-preview picture of a page that has none of its own. The drawn one (/og-image.png) names
 * the sample studio, so it is shown only while the studio has that name; otherwise the studio's
 * logo (as a PNG, which every preview reads), or no picture rather than another studio's.
 */
export function sharePicture(args: Pick<MetaArgsLike, "matches">, m: Pick<Messages, "common">): string | null {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as
    { studio?: { name?: string; logo?: string | null } } | undefined;
  const logo = root?.studio?.logo ? mediaPngUrl(root.studio.logo) : null;
  if (logo) return logo;
  const name = root?.studio?.name;
  return !name || name === m.common.siteName ? "/og-image.png" : null;
}
