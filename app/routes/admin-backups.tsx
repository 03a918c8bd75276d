import { data, Form } from "react-router";
import type { Route } from "./+types/admin-backups";
import { DataTable, type DataColumn } from "~/features/admin/data-table";
import { formatDateTime } from "~/features/admin/format";
import { AdminHeader, AnswerNotice, Notice } from "~/features/admin/ui";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "../../messages/messages.server.ts";
import type { AdminAnswer } from "../../domain/admin-answer.ts";
import { intlLocale, localeFromPath, type Locale } from "../../domain/locale.ts";
import { formText } from "../../server/admin/answer.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { listArchives } from "../../server/backups/archives.ts";
import { backupHealth, recordBackupFailure } from "../../server/backups/backup-health.ts";
import { backupsFolder, backupsLocation, takeSiteBackup } from "../../server/backups/site-backup.ts";
import { config } from "../../server/config.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { log } from "../../server/log.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "admin", (m) => m.admin.backupsPage.title);

type ArchiveRow = { name: string; createdAt: string; size: number; site: string | null; migration: string | null };

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const folder = backupsFolder();
  const [archives, health] = await Promise.all([listArchives(folder), backupHealth(folder)]);
  return {
    archives: archives.map((archive): ArchiveRow => ({
      name: archive.name,
      createdAt: archive.createdAt.toISOString(),
      size: archive.size,
      site: archive.summary ? `${archive.summary.site.name} ${archive.summary.site.version}` : null,
      migration: archive.summary?.lastMigration ?? null,
    })),
    where: backupsLocation(),
    health: {
      ok: health.ok,
      lastSuccessAt: health.lastSuccessAt?.toISOString() ?? null,
      lastFailure: health.lastFailure
        ? {
            at: health.lastFailure.at.toISOString(),
            reason: health.lastFailure.reason,
            overdue: health.lastFailure.overdue,
          }
        : null,
    },
    schedule: config.backups,
  };
}

/** "Back up now": a plain form; the archive is written before the page answers. */
export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const t = messagesFor(locale).admin.backupsPage;
  const intent = formText(await request.formData(), "intent");
  if (intent !== "backup") return data<AdminAnswer>({ intent, id: "", ok: false, message: t.badIntent }, 400);
  try {
    const { name } = await takeSiteBackup();
    return data<AdminAnswer>({ intent, id: "", ok: true, message: t.done(name) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log().error({ err: error }, "Back up now failed");
    await recordBackupFailure(reason);
    return data<AdminAnswer>({ intent, id: "", ok: false, message: t.failed(reason) }, 503);
  }
}

function formatSize(bytes: number, locale: Locale): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "unit",
    unit: units[unit],
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

function formatHour(hour: number, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: "short", timeZone: "UTC" }).format(
    Date.UTC(2000, 0, 1, hour),
  );
}

export default function AdminBackups({ loaderData, actionData }: Route.ComponentProps) {
  const { archives, where, health, schedule } = loaderData;
  const locale = useLocale();
  const t = useMessages("admin").admin.backupsPage;
  const when = (iso: string) => formatDateTime(iso, locale);
  const columns: DataColumn<ArchiveRow>[] = [
    { id: "when", header: t.columns.when, primary: true, cell: (row) => when(row.createdAt) },
    { id: "size", header: t.columns.size, cell: (row) => formatSize(row.size, locale) },
    { id: "where", header: t.columns.where, cell: (row) => <span className="break-all">{where + row.name}</span> },
    {
      id: "version",
      header: t.columns.version,
      cell: (row) => (row.site && row.migration ? t.version(row.site, row.migration) : t.unknownVersion),
    },
    {
      id: "download",
      header: t.columns.download,
      cell: (row) => (
        // A file, not a page: the browser downloads it.
        <a
          href={`${locale === "fr" ? "/fr" : ""}/admin/backups/${row.name}`}
          download
          aria-label={t.downloadLabel(when(row.createdAt))}
          className="font-medium text-accent underline"
        >
          {t.download}
        </a>
      ),
    },
  ];
  const failure = health.lastFailure;
  return (
    <section>
      <AdminHeader title={t.title} intro={t.intro}>
        <Form method="post">
          <button type="submit" name="intent" value="backup" className="btn btn-primary">
            {t.backUpNow}
          </button>
        </Form>
      </AdminHeader>
      <AnswerNotice answer={actionData as AdminAnswer | undefined} />
      {health.ok && health.lastSuccessAt ? (
        <p className="mb-3">{t.healthOk(when(health.lastSuccessAt))}</p>
      ) : (
        <Notice kind="error">
          <p>{health.lastSuccessAt ? t.healthOld(when(health.lastSuccessAt)) : t.healthNever}</p>
          {failure && <p>{t.lastFailure(when(failure.at), failure.overdue ? t.overdue : (failure.reason ?? ""))}</p>}
        </Notice>
      )}
      <DataTable
        caption={t.caption}
        columns={columns}
        rows={archives}
        rowKey={(row) => row.name}
        empty={<p className="card">{t.none}</p>}
      />
      <h2 className="mt-8 text-lg font-bold">{t.scheduleTitle}</h2>
      <p className="mt-1 max-w-2xl">
        {schedule.scheduled
          ? t.schedule(formatHour(schedule.hour, locale), schedule.keepDaily, schedule.keepWeekly)
          : t.scheduleOff}
      </p>
      <p className="mt-1 max-w-2xl text-sm text-muted">{t.scheduleSettings}</p>
      <h2 className="mt-8 text-lg font-bold">{t.restoreTitle}</h2>
      <p className="mt-1 max-w-2xl">{t.restore}</p>
    </section>
  );
}
