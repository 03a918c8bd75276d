import { Form } from "react-router";
import { formatMoney } from "../../../domain/money.ts";
import {
  SECTION_LIMITS,
  type PageSection,
  type PublicSection,
  type SectionKind,
} from "../../../domain/page-sections.ts";
import { useRootData } from "~/root";
import { useLocale, useMessages } from "../i18n/use-locale";
import { OfferCard, StoryPart, TeamMember } from "../marketing/page-sections";
import {
  BilingualColumns,
  ContentFormHeading,
  ContentPreview,
  PreviewAndSave,
  PublishedCheckbox,
} from "./content-form";
import { TextArea, TextInput } from "./ui";

export type SectionValues = Record<string, string | boolean>;
export type SectionPreview = { en: PublicSection; fr: PublicSection | null };
/** `loadedAt` is the version the typed text was based on: a refusal keeps it, so a second save is refused too. */
export type SectionFormAnswer = {
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  values?: SectionValues;
  preview?: SectionPreview;
  loadedAt?: string;
};

/**
 * The form of the About or Services section being edited, or of a new one of `kind`: its words in
 * both languages (a team member has a role and needs no French name), a price for an offer, a
 * picture for all but a story, and the preview. `loadedAt` refuses a save over another admin's change.
 */
export function PageSectionForm({
  editing,
  kind,
  path,
  answer,
  savedPreview,
  busy,
}: {
  editing: PageSection | null;
  kind: SectionKind;
  /** The page's address, without the language. */
  path: string;
  /** The action's answer to this form, if it was the one sent. */
  answer?: SectionFormAnswer;
  /** The saved section's preview, shown until the form is sent. */
  savedPreview: SectionPreview | null;
  busy: boolean;
}) {
  const m = useMessages("pagesAdmin").pagesAdmin;
  const saved = editing && {
    kind: editing.kind,
    titleEn: editing.title.en,
    titleFr: editing.title.fr,
    subtitleEn: editing.subtitle.en,
    subtitleFr: editing.subtitle.fr,
    textEn: editing.text.en,
    textFr: editing.text.fr,
    price: editing.priceCents === null ? "" : (editing.priceCents / 100).toFixed(2),
    picture: editing.picture ?? "",
    published: editing.published,
  };
  const values: SectionValues = answer?.values ?? saved ?? { kind, published: false };
  const value = (name: string) => String(values[name] ?? "");
  const preview = answer?.preview ?? (answer ? undefined : savedPreview);
  const errors = answer?.errors ?? {};
  const formKind = (values.kind as SectionKind) || kind;
  const member = formKind === "member";
  const column = (lang: "En" | "Fr") => (
    <>
      {(lang === "En" || !member) && (
        <TextInput
          label={(lang === "En" ? m.titleEn : m.titleFr)[formKind]}
          name={`title${lang}`}
          defaultValue={value(`title${lang}`)}
          maxLength={SECTION_LIMITS.title}
          required={lang === "En"}
          error={errors[`title${lang}`]}
        />
      )}
      {member && (
        <TextInput
          label={lang === "En" ? m.subtitleEn : m.subtitleFr}
          name={`subtitle${lang}`}
          defaultValue={value(`subtitle${lang}`)}
          maxLength={SECTION_LIMITS.subtitle}
          error={errors[`subtitle${lang}`]}
        />
      )}
      <TextArea
        label={(lang === "En" ? m.textEn : m.textFr)[formKind]}
        name={`text${lang}`}
        rows={8}
        defaultValue={value(`text${lang}`)}
        maxLength={SECTION_LIMITS.text}
        required={lang === "En" && !member}
        error={errors[`text${lang}`]}
      />
    </>
  );

  return (
    <Form method="post" encType="multipart/form-data" className="card space-y-4" aria-labelledby="section-form-heading">
      <ContentFormHeading
        id="section-form-heading"
        heading={editing ? m.editHeading(editing.title.en) : m.addKind[formKind]}
        cancel={editing && { to: path, label: m.cancelEdit }}
        answer={answer}
      />
      <input type="hidden" name="kind" value={formKind} />
      {editing && <input type="hidden" name="id" value={editing.id} />}
      {editing && <input type="hidden" name="loadedAt" value={answer?.loadedAt ?? editing.updatedAt} />}
      <BilingualColumns en={column("En")} fr={column("Fr")} />
      {formKind === "offer" && (
        <TextInput
          label={m.price}
          hint={m.priceHelp}
          name="price"
          inputMode="decimal"
          defaultValue={value("price")}
          maxLength={12}
          error={errors.price}
        />
      )}
      {formKind !== "story" && (
        <div className="space-y-2">
          <input type="hidden" name="picture" value={value("picture")} />
          {value("picture") && (
            <div className="flex flex-wrap items-center gap-3">
              <img src={value("picture")} alt="" width={80} height={80} className="h-20 w-20 rounded-lg object-cover" />
              <label className="flex items-center gap-2">
                <input type="checkbox" name="removePicture" />
                <span>{m.removePicture}</span>
              </label>
            </div>
          )}
          <TextInput
            label={m.picture}
            hint={m.pictureHelp}
            name="pictureFile"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            error={errors.picture}
          />
        </div>
      )}
      <PublishedCheckbox label={m.publishedField} defaultChecked={values.published === true} />
      <PreviewAndSave
        busy={busy}
        preview={{ intent: "preview", label: m.preview }}
        save={{ intent: "save", label: m.save }}
      />
      {preview && (
        <ContentPreview
          id="section-preview-heading"
          heading={m.previewHeading}
          words={m}
          en={<SectionShown section={preview.en} />}
          fr={preview.fr && <SectionShown section={preview.fr} />}
        />
      )}
    </Form>
  );
}

/** A section as its page shows it. */
function SectionShown({ section }: { section: PublicSection }) {
  const { about, services } = useMessages("about", "services");
  const locale = useLocale();
  const { currency } = useRootData();
  if (section.kind === "story") return <StoryPart section={section} headingLevel={3} />;
  if (section.kind === "member")
    return (
      <ul>
        <TeamMember section={section} photoAlt={about.memberPhoto(section.title)} />
      </ul>
    );
  return (
    <OfferCard
      section={section}
      price={section.priceCents === null ? undefined : services.from(formatMoney(section.priceCents, currency, locale))}
    />
  );
}
