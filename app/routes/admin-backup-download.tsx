import type { Route } from "./+types/admin-backup-download";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { openArchive } from "../../server/backups/archives.ts";
import { backupsFolder } from "../../server/backups/site-backup.ts";

/**
 * GET /admin/backups/:name: one archive, streamed, to an admin only. The name is checked against
 * the archives' own pattern and this server's listing: the browser never gives a path.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const archive = await openArchive(backupsFolder(), params.name);
  if (!archive) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(archive.body, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(archive.size),
      "Content-Disposition": `attachment; filename="${archive.name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
