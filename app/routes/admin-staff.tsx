import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import type { Route } from "./+types/admin-staff";
import { formatDate } from "~/features/admin/format";
import { callApi } from "~/lib/api-client";
import { AdminHeader, Badge, ConfirmDialog, Notice, TextInput } from "~/features/admin/ui";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { localizePath } from "~/lib/locale";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { listStaff, type StaffMember } from "../../server/admin/staff.ts";

export const meta = ({ location }: Route.MetaArgs) => pageTitle(location.pathname, "admin", (m) => m.admin.staffPage.title);

export async function loader({ request, url }: Route.LoaderArgs) {
  const me = await requirePageAdmin(request);
  const q = url.searchParams.get("q") ?? "";
  const staff = await listStaff(q).catch((error: unknown) => (console.error(error), null));
  return { staff, q, meId: me.id };
}

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { staff, q, meId } = loaderData;
  const m = useMessages("admin", "common");
  const a = m.admin;
  const s = a.staffPage;
  const locale = useLocale();
  const revalidator = useRevalidator();
  // A change of role waits for the admin's confirmation, either way.
  const [changing, setChanging] = useState<{ member: StaffMember; role: "admin" | "user" } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [dialogError, setDialogError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  async function setRole(member: StaffMember, role: "admin" | "user"): Promise<boolean> {
    setError(undefined);
    setNotice(undefined);
    setBusy(true);
    const result = await callApi(`/api/admin/staff/${member.id}/role`, { locale, body: { role } });
    setBusy(false);
    if (!result.ok) {
      const text = result.status === 0 ? a.errors.network : result.error?.message ?? a.errors.updateRole;
      setDialogError(text);
      return false;
    }
    setNotice(role === "admin" ? s.promoted(member.username) : s.demoted(member.username));
    if (role === "user" && member.id === meId) {
      window.location.assign(localizePath("/", locale));
      return true;
    }
    void revalidator.revalidate();
    return true;
  }

  return (
    <section>
      <AdminHeader title={s.title} intro={s.intro} />
      <div aria-live="polite">
        {error && <Notice kind="error">{error}</Notice>}
        {notice && <Notice kind="success">{notice}</Notice>}
      </div>
      <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <TextInput label={s.searchLabel} type="search" name="q" defaultValue={q} />
        </div>
        <button type="submit" className="btn btn-secondary">
          {a.common.search}
        </button>
      </Form>
      {staff === null && <Notice kind="error">{a.errors.fetchStaff}</Notice>}
      {staff && staff.length === 0 && <p className="card">{s.none}</p>}
      {staff && staff.length > 0 && (
        <div className="overflow-x-auto rounded-2xl border border-border bg-surface">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-border bg-surface-2">
              <tr>
                <th scope="col" className="px-3 py-2">{s.columns.name}</th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">{s.columns.email}</th>
                <th scope="col" className="px-3 py-2">{s.columns.role}</th>
                <th scope="col" className="hidden px-3 py-2 md:table-cell">{s.columns.since}</th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{a.common.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.map((member) => (
                <tr key={member.id} className="border-b border-border last:border-0">
                  <th scope="row" className="px-3 py-2 font-semibold">
                    {member.username}
                    {member.id === meId && <span className="font-normal text-muted"> ({s.you})</span>}
                    <span className="block text-xs font-normal text-muted sm:hidden">{member.email}</span>
                  </th>
                  <td className="hidden px-3 py-2 sm:table-cell">{member.email}</td>
                  <td className="px-3 py-2">
                    <Badge tone={member.role === "admin" ? "accent" : "neutral"}>{m.common.roles[member.role]}</Badge>
                  </td>
                  <td className="hidden whitespace-nowrap px-3 py-2 md:table-cell">{formatDate(member.createdAt, locale)}</td>
                  <td className="px-3 py-2 text-right">
                    {member.role === "admin" ? (
                      <button
                        type="button"
                        className="btn btn-secondary px-3 py-1.5 text-sm"
                        aria-label={s.demote(member.username)}
                        onClick={() => {
                          setDialogError(undefined);
                          setChanging({ member, role: "user" });
                        }}
                      >
                        {s.demoteShort}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-secondary px-3 py-1.5 text-sm"
                        aria-label={s.promote(member.username)}
                        disabled={busy}
                        onClick={() => {
                          setDialogError(undefined);
                          setChanging({ member, role: "admin" });
                        }}
                      >
                        {s.promoteShort}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={changing !== null}
        message={
          !changing
            ? ""
            : changing.role === "admin"
              ? s.confirmPromote(changing.member.username)
              : changing.member.id === meId
                ? s.confirmDemoteSelf
                : s.confirmDemote(changing.member.username)
        }
        confirmLabel={changing?.role === "admin" ? s.promoteShort : s.demoteShort}
        busyLabel={a.common.saving}
        busy={busy}
        error={dialogError}
        onConfirm={async () => {
          if (changing && (await setRole(changing.member, changing.role))) setChanging(null);
        }}
        onClose={() => setChanging(null)}
      />
    </section>
  );
}
