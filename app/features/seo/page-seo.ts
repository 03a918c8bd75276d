import { readMessages, type Feature, type Messages } from "~/i18n/catalogue";
import { localeFromPath } from "../../../domain/locale.ts";
import { seoMeta, type SeoInput } from "~/lib/seo";
import { savedSiteName, sharePicture, type MetaArgsLike } from "./site-name";

type PageText = { title: string; description: string; fullTitle?: boolean; image?: string; type?: SeoInput["type"] };

/**
 * A public page's `meta`: title and description in the page's language, canonical, hreflang
 * alternates and link-preview tags (seoMeta). The title gets the site's name unless `fullTitle`.
 */
export function pageSeo<F extends Feature>(
  args: MetaArgsLike,
  features: readonly F[],
  text: (m: Pick<Messages, F | "common">, siteName: string) => PageText,
) {
  const locale = localeFromPath(args.location.pathname);
  const m = readMessages(locale, [...features, "common"]);
  const siteName = savedSiteName(args, m);
  const page = text(m, siteName);
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  return seoMeta({
    pathname: args.location.pathname,
    origin: root?.publicUrl ?? "http://localhost:3000",
    locale,
    title: page.fullTitle ? page.title : `${page.title} · ${siteName}`,
    description: page.description,
    siteName,
    image: page.image ?? sharePicture(args, m),
    type: page.type,
  });
}
