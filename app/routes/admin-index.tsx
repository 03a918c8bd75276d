import type { Route } from "./+types/admin-index";
import { useMessages } from "~/features/i18n/use-locale";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { adminOverview } from "../../server/admin/overview.ts";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  return { overview: await adminOverview() };
}

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  return (
    <section>
      <h1 className="text-2xl font-bold">{m.admin.title}</h1>
      <p className="mt-2 text-muted">{m.admin.welcome} {m.admin.overview}</p>
      <p className="sr-only" data-testid="overview">{JSON.stringify(loaderData.overview)}</p>
    </section>
  );
}
