import { useState } from "react";
import { Form, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/admin-staff";
import { DataTable } from "~/features/admin/data-table";
import { formatDate } from "~/features/admin/format";
import {
  AdminHeader,
  AnswerNotice,
  Badge,
  ConfirmDialog,
  ConfirmedButton,
  Notice,
  TextInput,
} from "~/features/admin/ui";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "../../messages/messages.server.ts";
import type { AdminAnswer } from "../../domain/admin-answer.ts";
import { localeFromPath, localizePath } from "../../domain/locale.ts";
import { adminAnswer, askFirst, formText } from "../../server/admin/answer.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { listStaff, setRole, type StaffMember } from "../../server/admin/staff.ts";
import { ApiError } from "../../server/http/errors.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "admin", (m) => m.admin.staffPage.title);

export async function loader({ request, url }: Route.LoaderArgs) {
  const me = await requirePageAdmin(request);
  const q = url.searchParams.get("q") ?? "";
  const staff = await listStaff(q).catch((error: unknown) => (console.error(error), null));
  return { staff, q, meId: me.id };
}

/** A change of role (the service behind POST /api/admin/staff/:id/role): a plain form, or the dialog's fetcher. */
export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  const me = await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const m = messagesFor(locale);
  const form = await request.formData();
  const id = formText(form, "id");
  const role = formText(form, "role");
  const member =
    formText(form, "intent") === "role" ? (await listStaff()).find((candidate) => candidate.id === id) : undefined;
  if (member && (role === "admin" || role === "user")) {
    const s = m.admin.staffPage;
    const question =
      role === "admin"
        ? s.confirmPromote(member.username)
        : id === me.id
          ? s.confirmDemoteSelf
          : s.confirmDemote(member.username);
    const ask = askFirst(form, question, { intent: "role", id, role });
    if (ask) return ask;
  }
  if (formText(form, "intent") === "role" && role === "user" && id === me.id) {
    // An admin who steps down can no longer see this page.
    const answer = await adminAnswer("role", id, locale, async () => (await setRole(me.id, id, role), ""));
    return answer.init?.status ? answer : redirect(localizePath("/", locale));
  }
  return adminAnswer("role", id, locale, async () => {
    if (formText(form, "intent") !== "role") throw new ApiError(400, m.admin.errors.updateRole);
    const member = await setRole(me.id, id, role);
    return role === "admin" ? m.admin.staffPage.promoted(member.username) : m.admin.staffPage.demoted(member.username);
  });
}

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, q, meId } = loaderData;
  const m = useMessages("admin", "common");
  const a = m.admin;
  const s = a.staffPage;
  const locale = useLocale();
  const fetcher = useFetcher<AdminAnswer>();
  // A change of role waits for the admin's confirmation, either way.
  const [changing, setChanging] = useState<{ member: StaffMember; role: "admin" | "user" } | null>(null);
  // A refusal is shown in the dialog; a plain form's answer (without JavaScript) on the page.
  const answer = fetcher.data?.ok ? fetcher.data : actionData;

  return (
    <section>
      <AdminHeader title={s.title} intro={s.intro} />
      <AnswerNotice answer={answer} />
      <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <TextInput label={s.searchLabel} type="search" name="q" defaultValue={q} />
        </div>
        <button type="submit" className="btn btn-secondary">
          {a.common.search}
        </button>
      </Form>
      {staff === null && <Notice kind="error">{a.errors.fetchStaff}</Notice>}
      {staff && (
        <DataTable
          caption={s.title}
          rows={staff}
          rowKey={(member) => member.id}
          empty={s.none}
          columns={[
            {
              id: "name",
              header: s.columns.name,
              primary: true,
              cell: (member) => (
                <span>
                  {member.username}
                  {member.id === meId && <span className="font-normal text-muted"> ({s.you})</span>}
                </span>
              ),
            },
            { id: "email", header: s.columns.email, cell: (member) => member.email },
            {
              id: "role",
              header: s.columns.role,
              cell: (member) => (
                <Badge tone={member.role === "admin" ? "accent" : "neutral"}>{m.common.roles[member.role]}</Badge>
              ),
            },
            {
              id: "since",
              header: s.columns.since,
              cell: (member) => <span className="whitespace-nowrap">{formatDate(member.createdAt, locale)}</span>,
            },
            {
              id: "actions",
              header: a.common.actions,
              actions: true,
              cell: (member) => {
                const role = member.role === "admin" ? "user" : "admin";
                return (
                  <div className="flex justify-end">
                    <ConfirmedButton
                      className="btn btn-secondary px-3 py-1.5 text-sm"
                      label={role === "user" ? s.demote(member.username) : s.promote(member.username)}
                      fields={{ intent: "role", id: member.id, role }}
                      onClick={() => setChanging({ member, role })}
                    >
                      {role === "user" ? s.demoteShort : s.promoteShort}
                    </ConfirmedButton>
                  </div>
                );
              },
            },
          ]}
        />
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
        fetcher={fetcher}
        fields={{ intent: "role", id: changing?.member.id ?? "", role: changing?.role ?? "" }}
        onClose={() => setChanging(null)}
      />
    </section>
  );
}
