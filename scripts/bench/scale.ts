/**
 * The checkout-and-pay load on two app servers sharing one PostgreSQL database: buyers order
 * through one server and pay through the other. Prints paid orders per second and errors.
 *   npm run build && TEST_DATABASE_URL=postgres://… npm run bench:scale
 *   BENCH_BUYERS=400 BENCH_CONCURRENCY=20 …   (defaults: 200 buyers, 10 at a time)
 */
import pg from "pg";
import {
  client,
  createDatabase,
  requireDatabaseServer,
  startAppServer,
  startObjectStore,
} from "../../tests/scale/cluster.ts";
import { checkoutAndPay } from "./checkout-path.ts";

const buyers = Number(process.env.BENCH_BUYERS ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4393);
const publicUrl = `http://127.0.0.1:${port}`;
const itemCount = 50;

const database = await createDatabase(process.env.BENCH_DATABASE_URL ?? requireDatabaseServer(), "studio_bench");
// Several app servers share their files through S3 (without it the second one is refused).
const objects = await startObjectStore();
const env = {
  ...objects.env,
  DATABASE_URL: database.url,
  PUBLIC_URL: publicUrl,
  AUTH_SECRET: "bench-secret-shared-by-every-app-server",
  PAYMENTS: "sandbox",
  RATE_LIMIT: "off",
};
const servers = await Promise.all([startAppServer("bench-a", port, env), startAppServer("bench-b", port + 1, env)]);
try {
  const admin = client(publicUrl, "127.0.0.1");
  const { user } = await admin.signUp(servers[0]!, "owner@bench.test", "owner-password");
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await db.query("update users set role = 'admin' where id = $1", [user.id]);
  const categoryId = (await admin.json(servers[0]!, "/api/admin/categories")).body.categories[0].id as string;
  const itemIds: string[] = [];
  for (let n = 0; n < itemCount; n++) {
    const created = await admin.json(servers[n % 2]!, "/api/admin/items", {
      body: {
        translations: {
          en: { name: `Bench item ${n}`, description: "For the load." },
          fr: { name: `Article ${n}`, description: "Pour la charge." },
        },
        categoryId,
        price: "19.00",
        stock: 100_000,
        images: { main: "/images/catalogue/articulated-dragon.svg", gallery: [] },
      },
    });
    if (created.status !== 201)
      throw new Error(`could not create a bench item: ${created.status} ${JSON.stringify(created.body)}`);
    itemIds.push(created.body.item.id);
  }
  console.log(
    `two app servers (${servers.map((s) => s.url).join(", ")}) on one PostgreSQL database; logs in ${servers[0]!.log.replace(/[^/]+$/, "")}`,
  );
  await checkoutAndPay(
    servers.map((s) => s.url),
    buyers,
    concurrency,
    (n) => itemIds[n % itemIds.length]!,
    async (email) => {
      await db.query("update users set email_verified = true where email = $1", [email]);
    },
  );
  await db.end();
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await objects.close();
  await database.drop();
}
