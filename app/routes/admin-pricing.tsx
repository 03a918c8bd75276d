import { data, Form } from "react-router";
import type { Route } from "./+types/admin-pricing";
import { AdminHeader, EarlyTextarea, Notice } from "~/features/admin/ui";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import type { PriceTerms } from "../../domain/quote-pricing.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { changeTerms, currentTerms } from "../../server/quotes/quotes.ts";
import { DomainError } from "../../server/errors.ts";
import { errorText } from "../../server/http/error-text.ts";
import { localeFromPath } from "../../domain/locale.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "quoteAdmin", (m) => m.quoteAdmin.pricingTitle);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  return currentTerms();
}

const cents = (value: FormDataEntryValue | null) => Math.round(Number(String(value ?? "").replace(",", ".")) * 100);
const decimal = (value: FormDataEntryValue | null) => Number(String(value ?? "").replace(",", "."));

/** The form's fields on top of the latest terms (materials and qualities have their own screen); the server's schema validates. */
function termsFromForm(form: FormData, current: PriceTerms): unknown {
  const tiers = String(form.get("tiers") ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [quantity, percent] = line.split(/[:;\s]+/);
      return { minQuantity: Number(quantity), percentOff: Number(percent) };
    });
  return {
    ...current,
    setupCentsPerPart: cents(form.get("setup")),
    machineCentsPerHour: cents(form.get("machine")),
    minimumCentsPerPart: cents(form.get("minimum")),
    holdDays: Number(form.get("holdDays")),
    maxQuantity: Number(form.get("maxQuantity")),
    discountTiers: tiers,
    infills: String(form.get("infills") ?? "")
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean)
      .map(Number),
    buildVolumeMm: { x: decimal(form.get("x")), y: decimal(form.get("y")), z: decimal(form.get("z")) },
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requirePageAdmin(request);
  const form = await request.formData();
  try {
    const saved = await changeTerms(
      (terms) => termsFromForm(form, terms),
      admin.id,
      Number(form.get("loadedVersion")) || 0,
    );
    return { ok: true as const, version: saved.version, fields: {} as Record<string, string> };
  } catch (error) {
    if (error instanceof DomainError && error.code === "quote.terms_invalid")
      return data({ ok: false as const, version: 0, fields: error.fields ?? {} }, 400);
    if (error instanceof DomainError)
      return data(
        { ok: false as const, version: 0, fields: { form: errorText(error, localeFromPath(url.pathname)).message } },
        error.status,
      );
    throw error;
  }
}

function Field({
  name,
  label,
  defaultValue,
  ...rest
}: { name: string; label: string; defaultValue: string | number } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={`pricing-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`pricing-${name}`}
        name={name}
        defaultValue={defaultValue}
        required
        className="field-input"
        {...rest}
      />
    </div>
  );
}

export default function AdminPricing({ loaderData, actionData }: Route.ComponentProps) {
  const a = useMessages("quoteAdmin").quoteAdmin;
  const { version, terms } = loaderData;
  const dollars = (value: number) => (value / 100).toFixed(2);
  return (
    <section>
      <AdminHeader title={a.pricingTitle} intro={a.pricingIntro} />
      {actionData?.ok && <Notice kind="success">{a.saved(actionData.version)}</Notice>}
      {actionData && !actionData.ok && (
        <Notice kind="error" title={a.invalid}>
          <ul className="list-disc pl-5">
            {Object.entries(actionData.fields).map(([field, message]) => (
              <li key={field}>{field === "form" ? message : `${field}: ${message}`}</li>
            ))}
          </ul>
        </Notice>
      )}
      <p className="mb-4 text-sm text-muted">{a.version(version)}</p>
      {/* A new key after each save: the fields show the stored values again. */}
      <Form method="post" key={version} className="space-y-8">
        <input type="hidden" name="loadedVersion" value={version} />
        <fieldset className="card grid gap-4 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold">{a.formula}</legend>
          <Field name="setup" label={a.setup} defaultValue={dollars(terms.setupCentsPerPart)} inputMode="decimal" />
          <Field
            name="machine"
            label={a.machine}
            defaultValue={dollars(terms.machineCentsPerHour)}
            inputMode="decimal"
          />
          <Field
            name="minimum"
            label={a.minimum}
            defaultValue={dollars(terms.minimumCentsPerPart)}
            inputMode="decimal"
          />
          <Field name="holdDays" label={a.holdDays} defaultValue={terms.holdDays} type="number" min={1} max={90} />
          <Field name="maxQuantity" label={a.maxQuantity} defaultValue={terms.maxQuantity} type="number" min={1} />
          <Field name="infills" label={a.infills} defaultValue={terms.infills.join(", ")} />
          <div className="sm:col-span-2">
            <label htmlFor="pricing-tiers" className="field-label">
              {a.tiers}
            </label>
            <p id="pricing-tiers-hint" className="text-sm text-muted">
              {a.tiersHint}
            </p>
            <EarlyTextarea
              id="pricing-tiers"
              name="tiers"
              rows={4}
              maxLength={500}
              aria-describedby="pricing-tiers-hint"
              className="field-input"
              defaultValue={terms.discountTiers.map((t) => `${t.minQuantity}: ${t.percentOff}`).join("\n")}
            />
          </div>
        </fieldset>
        <fieldset className="card grid gap-4 sm:grid-cols-3">
          <legend className="px-1 text-lg font-semibold">{a.buildVolume}</legend>
          <Field name="x" label={a.width} defaultValue={terms.buildVolumeMm.x} inputMode="decimal" />
          <Field name="y" label={a.depth} defaultValue={terms.buildVolumeMm.y} inputMode="decimal" />
          <Field name="z" label={a.height} defaultValue={terms.buildVolumeMm.z} inputMode="decimal" />
        </fieldset>
        <button type="submit" className="btn btn-primary">
          {a.save}
        </button>
      </Form>
    </section>
  );
}
