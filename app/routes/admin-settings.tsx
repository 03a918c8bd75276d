import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/admin-settings";
import { formatDateTime } from "~/features/admin/format";
import { AdminHeader, Select, TextArea, TextInput } from "~/features/admin/ui";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import { messagesFor } from "../../messages/messages.server.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { PROVINCE_NAMES, PROVINCES } from "../../domain/provinces.ts";
import { taxDate } from "../../domain/tax.ts";
import { NOTICE_KINDS, noticeSettingsInput, type NoticeFieldError } from "../../domain/studio-notices.ts";
import { getNoticeSettings, updateNoticeSettings } from "../../server/settings/notice-settings.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { IdentityForm } from "~/features/admin/identity-form";
import { CapacityForm } from "~/features/admin/capacity-form";
import { Result, type SettingsAnswer } from "~/features/admin/settings-result";
import { ShippingZones } from "~/features/admin/shipping-zones";
import { TaxSettings } from "~/features/admin/tax-settings";
import { studioIdentityInput } from "../../domain/studio-identity-form.ts";
import { getStudioIdentity, setStudioLogo, updateStudioIdentity } from "../../server/settings/studio-identity.ts";
import { MAX_UPLOAD_BYTES } from "../../server/media/images.ts";
import { LogoForm } from "~/features/admin/logo-form";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { DomainError } from "../../server/errors.ts";
import { errorText } from "../../server/http/error-text.ts";
import {
  addTaxRate,
  getShopSettings,
  listSettingsChanges,
  setTaxRegistration,
  updateProductionCapacity,
  updateStudioSettings,
  updateZoneBands,
} from "../../server/settings/shop-settings.ts";
import { productionQueue } from "../../server/quotes/production-queue.ts";
import { printingDays } from "../../domain/lead-time.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "settings", (m) => m.settings.title);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const shop = await getShopSettings();
  const notices = await getNoticeSettings();
  const changes = await listSettingsChanges(20);
  const { updatedAt, ...identity } = await getStudioIdentity();
  const queue = await productionQueue();
  return {
    queue: {
      hours: Math.round((queue.seconds / 3600) * 10) / 10,
      days: queue.seconds > 0 ? printingDays(queue.seconds, shop.studio.printers, shop.studio.hoursPerDay) : 0,
    },
    ...shop,
    identity,
    identityUpdatedAt: updatedAt.toISOString(),
    today: taxDate(new Date()),
    rates: shop.rates.map((rate) => ({ ...rate, createdAt: rate.createdAt.toISOString() })),
    changes: changes.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    notices,
  };
}

const MAX_FORM_BYTES = 16 * 1024;
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requirePageAdmin(request);
  const m = messagesFor(localeFromPath(url.pathname)).settings;
  // Only the logo's form sends a file.
  const isFile = request.headers.get("content-type")?.startsWith("multipart/form-data");
  if (
    Number(request.headers.get("content-length") ?? 0) > (isFile ? MAX_UPLOAD_BYTES + MAX_FORM_BYTES : MAX_FORM_BYTES)
  )
    return data(
      { intent: "", target: "", ok: false, message: isFile ? m.logo.errors.tooLarge : m.fixErrors, errors: {} },
      413,
    );
  const form = await request.formData();
  const intent = text(form, "intent") ?? "";
  const target = text(form, "target") ?? "";
  try {
    if (intent === "identity") {
      await updateStudioIdentity(admin.id, studioIdentityInput(form), text(form, "loadedAt") ?? "");
    } else if (intent === "logo") {
      const file = form.get("logo");
      if (!(file instanceof File) || file.size === 0)
        throw new DomainError("upload.invalid", { fields: { file: "notAnImage" } });
      await setStudioLogo(admin.id, new Uint8Array(await file.arrayBuffer()));
    } else if (intent === "logoRemove") {
      await setStudioLogo(admin.id, null);
    } else if (intent === "studio") {
      const fields = [
        "province",
        "legalName",
        "pickupAddress",
        "pickupHoursEn",
        "pickupHoursFr",
        "freeShippingThreshold",
        "gstHstNumber",
        "qstNumber",
      ];
      await updateStudioSettings(
        admin.id,
        Object.fromEntries(fields.map((name) => [name, text(form, name)])),
        text(form, "loadedAt") ?? "",
      );
    } else if (intent === "capacity") {
      const fields = ["printers", "hoursPerDay", "marginDays"];
      await updateProductionCapacity(
        admin.id,
        Object.fromEntries(fields.map((name) => [name, text(form, name)])),
        text(form, "loadedAt") ?? "",
      );
    } else if (intent === "zone") {
      const strings = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
      await updateZoneBands(
        admin.id,
        target,
        { maxGrams: strings("maxGrams"), price: strings("price") },
        text(form, "loadedVersion") ?? "",
      );
    } else if (intent === "registration") {
      await setTaxRegistration(admin.id, target, text(form, "registered") === "true");
    } else if (intent === "notices") {
      await updateNoticeSettings(admin.id, noticeSettingsInput(form));
    } else if (intent === "rate") {
      await addTaxRate(admin.id, {
        tax: text(form, "tax"),
        percent: text(form, "percent"),
        effectiveFrom: text(form, "effectiveFrom"),
      });
    } else {
      return data({ intent, target, ok: false, message: m.fixErrors, errors: {} as Record<string, string> }, 400);
    }
  } catch (error) {
    // Each form words its own fields' problems: the logo's, the identity's, the notices', the others'.
    if (error instanceof DomainError && error.code === "upload.invalid") {
      const message = m.logo.errors[error.fields?.file === "tooLarge" ? "tooLarge" : "notAnImage"];
      return data({ intent, target, ok: false, message, errors: { logo: message } }, error.status);
    }
    if (error instanceof DomainError && error.code === "settings.invalid") {
      const words: Record<string, string> = intent === "identity" ? m.identity.errors : m.errors;
      const errors = Object.fromEntries(
        Object.entries(error.fields ?? {}).map(([field, code]) => [field, words[code] ?? m.fixErrors]),
      );
      return data({ intent, target, ok: false, message: m.fixErrors, errors }, error.status);
    }
    if (error instanceof DomainError && error.code === "notices.settings_invalid") {
      const words = messagesFor(localeFromPath(url.pathname)).notices.errors;
      const errors = Object.fromEntries(
        Object.entries(error.fields ?? {}).map(([field, code]) => [field, words[code as NoticeFieldError]]),
      );
      return data({ intent, target, ok: false, message: m.fixErrors, errors }, error.status);
    }
    // The others (settings.not_found, settings.stale…): their message above the form.
    if (error instanceof DomainError)
      return data(
        { intent, target, ok: false, message: errorText(error, localeFromPath(url.pathname)).message, errors: {} },
        error.status,
      );
    throw error;
  }
  const message = intent === "logo" ? m.logo.saved : intent === "logoRemove" ? m.logo.removed : m.saved;
  return { intent, target, ok: true, message, errors: {} as Record<string, string> };
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const m = useMessages("settings", "admin", "notices");
  const s = m.settings;
  const locale = useLocale();
  const result = useActionData<typeof action>() as SettingsAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  const { studio, zones, registrations, rates, changes, today, notices } = loaderData;
  const n = m.notices;
  const errorsFor = (intent: string, target = "") =>
    result && !result.ok && result.intent === intent && result.target === target ? result.errors : {};
  const forms = { result, busy, errorsFor };
  const studioErrors = errorsFor("studio");
  const noticeErrors = errorsFor("notices");
  const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

  return (
    <section className="space-y-8">
      <AdminHeader title={s.title} intro={s.intro} />

      <IdentityForm
        identity={loaderData.identity}
        updatedAt={loaderData.identityUpdatedAt}
        errors={errorsFor("identity")}
        notice={<Result result={result} intent="identity" />}
        busy={busy}
      />

      <LogoForm
        logo={loaderData.identity.logo}
        error={errorsFor("logo").logo}
        notice={<Result result={result} intent={result?.intent === "logoRemove" ? "logoRemove" : "logo"} />}
        busy={busy}
      />

      <CapacityForm studio={studio} queue={loaderData.queue} forms={forms} />

      {/* Keyed by the saved values: after a save the fields show what the server kept. */}
      <Form method="post" className="card space-y-4" aria-labelledby="studio-heading" key={String(studio.updatedAt)}>
        <h2 id="studio-heading" className="text-xl font-bold">
          {s.studio.heading}
        </h2>
        <Result result={result} intent="studio" />
        <input type="hidden" name="intent" value="studio" />
        <input type="hidden" name="loadedAt" value={new Date(studio.updatedAt).toISOString()} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={s.studio.legalName}
            name="legalName"
            defaultValue={studio.legalName}
            maxLength={120}
            required
            error={studioErrors.legalName}
          />
          <Select
            label={s.studio.province}
            name="province"
            defaultValue={studio.province}
            error={studioErrors.province}
          >
            {PROVINCES.map((code) => (
              <option key={code} value={code}>
                {PROVINCE_NAMES[locale][code]}
              </option>
            ))}
          </Select>
          <TextArea
            label={s.studio.pickupAddress}
            name="pickupAddress"
            rows={3}
            defaultValue={studio.pickupAddress}
            maxLength={300}
            error={studioErrors.pickupAddress}
          />
          <div className="space-y-4">
            <TextInput
              label={s.studio.pickupHoursEn}
              name="pickupHoursEn"
              defaultValue={studio.pickupHours.en}
              maxLength={200}
              error={studioErrors.pickupHoursEn}
            />
            <TextInput
              label={s.studio.pickupHoursFr}
              name="pickupHoursFr"
              defaultValue={studio.pickupHours.fr}
              maxLength={200}
              error={studioErrors.pickupHoursFr}
            />
          </div>
          <TextInput
            label={s.studio.freeShippingThreshold}
            hint={s.studio.freeShippingHint}
            name="freeShippingThreshold"
            inputMode="decimal"
            defaultValue={dollars(studio.freeShippingThresholdCents)}
            error={studioErrors.freeShippingThreshold}
          />
          <TextInput
            label={s.studio.gstHstNumber}
            name="gstHstNumber"
            defaultValue={studio.gstHstNumber ?? ""}
            maxLength={30}
            error={studioErrors.gstHstNumber}
          />
          <TextInput
            label={s.studio.qstNumber}
            name="qstNumber"
            defaultValue={studio.qstNumber ?? ""}
            maxLength={30}
            error={studioErrors.qstNumber}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {s.save}
        </button>
      </Form>

      <Form method="post" className="card space-y-4" aria-labelledby="notices-heading" key={JSON.stringify(notices)}>
        <h2 id="notices-heading" className="text-xl font-bold">
          {n.heading}
        </h2>
        <p className="text-muted">{n.intro}</p>
        <Result result={result} intent="notices" />
        <input type="hidden" name="intent" value="notices" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label={n.locale} name="locale" defaultValue={notices.locale} error={noticeErrors.locale}>
            <option value="en">{n.locales.en}</option>
            <option value="fr">{n.locales.fr}</option>
          </Select>
          <TextInput
            label={n.threshold}
            hint={n.thresholdHint}
            name="lowStockThreshold"
            inputMode="numeric"
            defaultValue={String(notices.lowStockThreshold)}
            error={noticeErrors.lowStockThreshold}
          />
        </div>
        <ul className="space-y-4">
          {NOTICE_KINDS.map((kind) => (
            <li key={kind} className="grid gap-2 border-t border-border pt-4 sm:grid-cols-[1fr_18rem] sm:items-end">
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  name={`${kind}.enabled`}
                  defaultChecked={notices.kinds[kind].enabled}
                  className="mt-1"
                />
                <span>{n.kinds[kind]}</span>
              </label>
              <TextInput
                label={`${n.to} (${n.kinds[kind].split(" (")[0]})`}
                name={`${kind}.to`}
                type="email"
                defaultValue={notices.kinds[kind].to}
                maxLength={254}
                error={noticeErrors[`${kind}.to`]}
              />
            </li>
          ))}
        </ul>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {n.save}
        </button>
      </Form>

      <ShippingZones zones={zones} forms={forms} />

      <TaxSettings registrations={registrations} rates={rates} today={today} forms={forms} />

      <div className="card space-y-4">
        <h2 className="text-xl font-bold">{s.log.heading}</h2>
        {changes.length === 0 ? (
          <p className="text-muted">{s.log.none}</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {changes.map((change) => (
              <li key={change.id} className="border-l-2 border-accent pl-3">
                <p className="font-semibold">{change.area}</p>
                <p className="text-muted">
                  <time dateTime={change.createdAt}>{formatDateTime(change.createdAt, locale)}</time> ·{" "}
                  {change.actor ?? s.log.system}
                </p>
                <p className="font-mono text-xs break-all">{JSON.stringify(change.change)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
