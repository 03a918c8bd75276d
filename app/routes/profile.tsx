import type { Route } from "./+types/profile";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { OrderList } from "~/features/orders/order-parts";
import { requirePageUser } from "../../server/auth/session.ts";
import { listOrdersForUser } from "../../server/orders/queries.ts";

export const meta = ({ location }: Route.MetaArgs) => pageTitle(location.pathname, "auth", (m) => m.auth.profileTitle);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePageUser(request);
  return { user, orders: await listOrdersForUser(user.id) };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const m = useMessages("auth", "common");
  const { user, orders } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">{m.auth.profileTitle}</h1>
      <dl className="card mt-8 grid gap-4 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">{m.auth.profileUsername}</dt>
        <dd>{user.username}</dd>
        <dt className="font-semibold">{m.auth.profileEmail}</dt>
        <dd>{user.email}</dd>
        <dt className="font-semibold">{m.auth.profileRole}</dt>
        <dd>
          <span
            className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${
              user.role === "admin" ? "bg-accent text-on-accent" : "bg-surface-2 text-text"
            }`}
          >
            {m.common.roles[user.role]}
          </span>
        </dd>
      </dl>
      <OrderList orders={orders} />
    </section>
  );
}
