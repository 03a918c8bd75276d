import type { Route } from "./+types/quote";
import { useMessages } from "~/features/i18n/use-locale";
import { PageHeader } from "~/features/marketing/section";
import { QuotePage } from "~/features/quote/quote-page";
import { pageSeo } from "~/features/seo/page-seo";
import { getSessionUser } from "../../server/auth/session.ts";
import { currentTerms, QUOTE_MAX_BYTES } from "../../server/quotes/quotes.ts";

export const meta = (args: Route.MetaArgs) =>
  pageSeo(args, ["quote"], (m) => ({ title: m.quote.metaTitle, description: m.quote.metaDescription }));

export async function loader({ request }: Route.LoaderArgs) {
  const { terms } = await currentTerms();
  const user = await getSessionUser(request.headers);
  const openQuoteId = new URL(request.url).searchParams.get("q");
  return {
    terms,
    maxBytes: QUOTE_MAX_BYTES,
    signedIn: Boolean(user),
    openQuoteId: openQuoteId && /^[0-9a-f-]{36}$/.test(openQuoteId) ? openQuoteId : null,
  };
}

export default function Quote({ loaderData }: Route.ComponentProps) {
  const m = useMessages("quote").quote;
  return (
    <>
      <PageHeader title={m.title} intro={m.intro} />
      <QuotePage {...loaderData} />
    </>
  );
}
