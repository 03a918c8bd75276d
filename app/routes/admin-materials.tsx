import { data, Form, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-materials";
import { AdminHeader, Notice, Select, TextInput } from "~/features/admin/ui";
import { pageTitle } from "~/features/i18n/page-meta";
import { useLocale, useMessages } from "~/features/i18n/use-locale";
import {
  FILAMENT_TYPES,
  LAYER_HEIGHT_MM,
  type Colour,
  type Material,
  type Quality,
} from "../../domain/quote-pricing.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import { DomainError } from "../../server/errors.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import {
  addColour,
  addMaterial,
  addQuality,
  lastTermsChange,
  updateColour,
  updateMaterial,
  updateQuality,
} from "../../server/quotes/materials.ts";
import { currentTerms } from "../../server/quotes/quotes.ts";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "quoteAdmin", (m) => m.quoteAdmin.materialsTitle);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const [{ version, terms }, last] = await Promise.all([currentTerms(), lastTermsChange()]);
  return {
    version,
    materials: terms.materials,
    qualities: terms.qualities,
    last: last && { by: last.by, at: last.at.toISOString() },
  };
}

const MAX_FIELD = 200;
const text = (form: FormData, key: string) => String(form.get(key) ?? "").slice(0, MAX_FIELD);
// A comma or a point: both are decimal marks here. An empty field is not a number.
const decimal = (form: FormData, key: string) =>
  text(form, key).trim() === "" ? Number.NaN : Number(text(form, key).replace(",", "."));
const checked = (form: FormData, key: string) => form.get(key) === "on";
const names = (form: FormData) => ({ en: text(form, "nameEn"), fr: text(form, "nameFr") });

const materialFields = (form: FormData) => ({
  name: names(form),
  filamentType: text(form, "filamentType"),
  densityGPerCm3: decimal(form, "density"),
  priceCentsPerKg: Math.round(decimal(form, "price") * 100),
  available: checked(form, "available"),
});
const colourFields = (form: FormData, prefix = "") => ({
  name: { en: text(form, `${prefix}nameEn`), fr: text(form, `${prefix}nameFr`) },
  hex: text(form, `${prefix}hex`).toLowerCase(),
  inStock: checked(form, `${prefix}inStock`),
  available: checked(form, `${prefix}available`),
});
const qualityFields = (form: FormData) => ({
  name: names(form),
  layerHeightMm: decimal(form, "layerHeight"),
  estimateCm3PerHour: decimal(form, "rate"),
  available: checked(form, "available"),
});

/** Each small form says what it changes; the service validates and stores a new terms version. */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requirePageAdmin(request);
  const form = await request.formData();
  const intent = text(form, "intent");
  const materialId = text(form, "materialId");
  const formKey = [intent, materialId, text(form, "colourId"), text(form, "qualityId")].filter(Boolean).join(":");
  // The terms version the page showed: a save over a newer one is refused, never silently undone.
  const loadedVersion = Number(text(form, "loadedVersion"));
  if (!Number.isSafeInteger(loadedVersion) || loadedVersion < 1)
    return data(
      { ok: false as const, form: formKey, fields: { input: "invalid" } as Record<string, string>, version: 0 },
      400,
    );
  try {
    let saved: { version: number };
    if (intent === "add-material")
      saved = await addMaterial(
        { ...materialFields(form), colour: colourFields(form, "colour-") },
        admin.id,
        loadedVersion,
      );
    else if (intent === "material")
      saved = await updateMaterial(materialId, materialFields(form), admin.id, loadedVersion);
    else if (intent === "add-colour") saved = await addColour(materialId, colourFields(form), admin.id, loadedVersion);
    else if (intent === "colour")
      saved = await updateColour(materialId, text(form, "colourId"), colourFields(form), admin.id, loadedVersion);
    else if (intent === "add-quality") saved = await addQuality(qualityFields(form), admin.id, loadedVersion);
    else if (intent === "quality")
      saved = await updateQuality(text(form, "qualityId"), qualityFields(form), admin.id, loadedVersion);
    else
      return data(
        { ok: false as const, form: formKey, fields: { input: "invalid" } as Record<string, string>, version: 0 },
        400,
      );
    return { ok: true as const, form: formKey, fields: {} as Record<string, string>, version: saved.version };
  } catch (error) {
    if (error instanceof DomainError && error.code === "material.invalid")
      return data({ ok: false as const, form: formKey, fields: error.fields ?? { input: "invalid" }, version: 0 }, 400);
    if (error instanceof DomainError && error.code === "material.not_found") throw data(null, 404);
    if (error instanceof DomainError && error.code === "settings.stale")
      return data(
        { ok: false as const, form: formKey, fields: { stale: "stale" } as Record<string, string>, version: 0 },
        409,
      );
    throw error;
  }
}

type Problems = Record<string, string>;

function useProblems(actionData: Route.ComponentProps["actionData"], formKey: string): Problems {
  const a = useMessages("quoteAdmin").quoteAdmin;
  if (!actionData || actionData.ok || actionData.form !== formKey) return {};
  const problems: Problems = {};
  for (const field of Object.keys(actionData.fields)) {
    // "colour.name.en" in the new-material form is the first colour's field.
    const plain = field.replace(/^colour\./, "");
    problems[field] = a.problems[plain] ?? a.problems.input!;
  }
  return problems;
}

/** Problems that belong to no single field (the whole list), above the form's buttons. */
function ListProblems({ problems }: { problems: Problems }) {
  const a = useMessages("quoteAdmin").quoteAdmin;
  const general = ["stale", "materials", "colours", "qualities", "input"].filter((key) => problems[key]);
  if (general.length === 0) return null;
  return (
    <div className="sm:col-span-full">
      <Notice kind="error" title={a.invalid}>
        <ul className="list-disc pl-5">
          {general.map((key) => (
            <li key={key}>{problems[key]}</li>
          ))}
        </ul>
      </Notice>
    </div>
  );
}

function NameFields({
  values,
  problems,
  prefix = "",
}: {
  values?: { en: string; fr: string };
  problems: Problems;
  prefix?: string;
}) {
  const a = useMessages("quoteAdmin").quoteAdmin;
  const p = prefix ? "colour." : "";
  return (
    <>
      <TextInput
        name={`${prefix}nameEn`}
        label={a.nameEn}
        defaultValue={values?.en}
        required
        maxLength={60}
        lang="en"
        error={problems[`${p}name.en`]}
      />
      <TextInput
        name={`${prefix}nameFr`}
        label={a.nameFr}
        defaultValue={values?.fr}
        required
        maxLength={60}
        lang="fr"
        error={problems[`${p}name.fr`]}
      />
    </>
  );
}

function Check({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-center gap-2 self-end py-2">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} />
      {label}
    </label>
  );
}

function ColourFields({ colour, problems, prefix = "" }: { colour?: Colour; problems: Problems; prefix?: string }) {
  const a = useMessages("quoteAdmin").quoteAdmin;
  const p = prefix ? "colour." : "";
  return (
    <>
      <NameFields values={colour?.name} problems={problems} prefix={prefix} />
      <TextInput
        name={`${prefix}hex`}
        label={a.hex}
        type="color"
        defaultValue={colour?.hex ?? "#808080"}
        className="h-10 p-1"
        error={problems[`${p}hex`]}
      />
      <div className="flex flex-wrap gap-x-4">
        <Check name={`${prefix}inStock`} label={a.inStockField} defaultChecked={colour?.inStock ?? true} />
        <Check name={`${prefix}available`} label={a.offered} defaultChecked={colour?.available ?? true} />
      </div>
    </>
  );
}

function MaterialFields({ material, problems }: { material?: Material; problems: Problems }) {
  const a = useMessages("quoteAdmin").quoteAdmin;
  return (
    <>
      <NameFields values={material?.name} problems={problems} />
      <Select
        name="filamentType"
        label={a.filamentType}
        defaultValue={material?.filamentType ?? "pla"}
        error={problems.filamentType}
      >
        {FILAMENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {a.filamentTypes[type]}
          </option>
        ))}
      </Select>
      <TextInput
        name="density"
        label={a.densityField}
        defaultValue={material?.densityGPerCm3 ?? 1.24}
        inputMode="decimal"
        required
        maxLength={10}
        error={problems.densityGPerCm3}
      />
      <TextInput
        name="price"
        label={a.pricePerKgField}
        defaultValue={material ? (material.priceCentsPerKg / 100).toFixed(2) : ""}
        inputMode="decimal"
        required
        maxLength={10}
        error={problems.priceCentsPerKg}
      />
      <Check name="available" label={a.offered} defaultChecked={material?.available ?? true} />
    </>
  );
}

function QualityFields({ quality, problems }: { quality?: Quality; problems: Problems }) {
  const a = useMessages("quoteAdmin").quoteAdmin;
  return (
    <>
      <NameFields values={quality?.name} problems={problems} />
      <TextInput
        name="layerHeight"
        label={a.layerHeightField(String(LAYER_HEIGHT_MM.min), String(LAYER_HEIGHT_MM.max))}
        defaultValue={quality?.layerHeightMm ?? ""}
        inputMode="decimal"
        required
        maxLength={10}
        error={problems.layerHeightMm}
      />
      <TextInput
        name="rate"
        label={a.estimateRate}
        defaultValue={quality?.estimateCm3PerHour ?? 12}
        inputMode="decimal"
        required
        maxLength={10}
        error={problems.estimateCm3PerHour}
      />
      <Check name="available" label={a.offered} defaultChecked={quality?.available ?? true} />
    </>
  );
}

/** One small form: its intent and ids, its fields, its problems and its button. */
function ItemForm({
  intent,
  ids,
  title,
  actionData,
  children,
}: {
  intent: string;
  ids: Record<string, string>;
  title: string;
  actionData: Route.ComponentProps["actionData"];
  children: (problems: Problems) => React.ReactNode;
}) {
  const formKey = [intent, ids.materialId, ids.colourId, ids.qualityId].filter(Boolean).join(":");
  const problems = useProblems(actionData, formKey);
  const { version } = useLoaderData<typeof loader>();
  return (
    <Form method="post" aria-label={title} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="loadedVersion" value={version} />
      {Object.entries(ids).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      {children(problems)}
      <ListProblems problems={problems} />
      <div className="sm:col-span-full">
        <button type="submit" className="btn btn-secondary">
          {title}
        </button>
      </div>
    </Form>
  );
}

export default function AdminMaterials({ loaderData, actionData }: Route.ComponentProps) {
  const a = useMessages("quoteAdmin").quoteAdmin;
  const locale = useLocale();
  const { version, materials, qualities, last } = loaderData;
  const label = (item: { name: { en: string; fr: string }; available: boolean }) =>
    `${item.name[locale]}${item.available ? "" : ` (${a.notOffered})`}`;
  return (
    <section>
      <AdminHeader title={a.materialsTitle} intro={a.materialsIntro} />
      {actionData?.ok && <Notice kind="success">{a.changed(actionData.version)}</Notice>}
      <p className="mb-4 text-sm text-muted">
        {a.version(version)}
        {last &&
          ` · ${a.lastChange(last.by ?? a.someone, new Date(last.at).toLocaleString(locale === "fr" ? "fr-CA" : "en-CA"))}`}
      </p>
      {/* A new key after each save: every form shows the stored values again. */}
      <div key={version} className="space-y-8">
        <section aria-labelledby="materials-heading" className="space-y-6">
          <h2 id="materials-heading" className="text-xl font-semibold">
            {a.materials}
          </h2>
          {materials.map((material) => (
            <article key={material.id} aria-labelledby={`material-${material.id}`} className="card space-y-6">
              <h3 id={`material-${material.id}`} className="text-lg font-semibold">
                {label(material)} <span className="text-sm font-normal text-muted">{a.idLabel(material.id)}</span>
              </h3>
              <ItemForm
                intent="material"
                ids={{ materialId: material.id }}
                title={`${a.saveItem} — ${material.name[locale]}`}
                actionData={actionData}
              >
                {(problems) => <MaterialFields material={material} problems={problems} />}
              </ItemForm>
              <h4 className="font-semibold">{a.colours(material.name[locale])}</h4>
              <ul className="space-y-4">
                {material.colours.map((colour) => (
                  <li key={colour.id} className="border-t border-border pt-4">
                    <p className="mb-2 flex items-center gap-2 font-medium">
                      <span
                        aria-hidden="true"
                        className="inline-block h-4 w-4 rounded-full border border-border"
                        style={{ background: colour.hex }}
                      />
                      {label(colour)}
                    </p>
                    <ItemForm
                      intent="colour"
                      ids={{ materialId: material.id, colourId: colour.id }}
                      title={`${a.saveItem} — ${material.name[locale]} ${colour.name[locale]}`}
                      actionData={actionData}
                    >
                      {(problems) => <ColourFields colour={colour} problems={problems} />}
                    </ItemForm>
                  </li>
                ))}
              </ul>
              <details
                className="border-t border-border pt-4"
                open={actionData?.form === `add-colour:${material.id}` && !actionData.ok}
              >
                <summary className="cursor-pointer font-medium">{a.addColour}</summary>
                <div className="pt-4">
                  <ItemForm
                    intent="add-colour"
                    ids={{ materialId: material.id }}
                    title={`${a.addColour} — ${material.name[locale]}`}
                    actionData={actionData}
                  >
                    {(problems) => <ColourFields problems={problems} />}
                  </ItemForm>
                </div>
              </details>
            </article>
          ))}
          <article aria-labelledby="add-material-heading" className="card space-y-4">
            <h3 id="add-material-heading" className="text-lg font-semibold">
              {a.addMaterial}
            </h3>
            <ItemForm intent="add-material" ids={{}} title={a.addMaterial} actionData={actionData}>
              {(problems) => (
                <>
                  <MaterialFields problems={problems} />
                  <fieldset className="grid gap-4 sm:col-span-full sm:grid-cols-2 lg:grid-cols-3">
                    <legend className="mb-2 font-semibold">{a.firstColour}</legend>
                    <ColourFields prefix="colour-" problems={problems} />
                  </fieldset>
                </>
              )}
            </ItemForm>
          </article>
        </section>
        <section aria-labelledby="qualities-heading" className="space-y-6">
          <h2 id="qualities-heading" className="text-xl font-semibold">
            {a.qualities}
          </h2>
          {qualities.map((quality) => (
            <article key={quality.id} aria-labelledby={`quality-${quality.id}`} className="card space-y-4">
              <h3 id={`quality-${quality.id}`} className="text-lg font-semibold">
                {label(quality)} <span className="text-sm font-normal text-muted">{a.idLabel(quality.id)}</span>
              </h3>
              <ItemForm
                intent="quality"
                ids={{ qualityId: quality.id }}
                title={`${a.saveItem} — ${quality.name[locale]}`}
                actionData={actionData}
              >
                {(problems) => <QualityFields quality={quality} problems={problems} />}
              </ItemForm>
            </article>
          ))}
          <article aria-labelledby="add-quality-heading" className="card space-y-4">
            <h3 id="add-quality-heading" className="text-lg font-semibold">
              {a.addQuality}
            </h3>
            <ItemForm intent="add-quality" ids={{}} title={a.addQuality} actionData={actionData}>
              {(problems) => <QualityFields problems={problems} />}
            </ItemForm>
          </article>
        </section>
      </div>
    </section>
  );
}
