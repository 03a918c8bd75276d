import { Form } from "react-router";
import {
  HOME_ICONS,
  HOME_LIMITS,
  type HomeCard,
  type HomeSection,
  type PublicHomeCard,
} from "../../../domain/home-content.ts";
import { useMessages } from "../i18n/use-locale";
import { HomeCardItem } from "../marketing/home-blocks";
import {
  BilingualTitleAndText,
  ContentFormHeading,
  ContentPreview,
  PreviewAndSave,
  PublishedCheckbox,
} from "./content-form";
import { Select } from "./ui";

export type CardValues = {
  icon: string;
  titleEn: string;
  textEn: string;
  titleFr: string;
  textFr: string;
  published: boolean;
};
export type CardPreview = { en: PublicHomeCard; fr: PublicHomeCard | null };

/** The form of the home page's card being edited, or of a new one in `section`, with its preview. */
export function HomeCardForm({
  editing,
  section,
  answer,
  savedPreview,
  busy,
}: {
  editing: HomeCard | null;
  section: HomeSection;
  /** The action's answer to this form, if it was the one sent. */
  answer?: {
    ok: boolean;
    message: string;
    errors: Record<string, string>;
    cardValues?: CardValues;
    cardPreview?: CardPreview;
    loadedVersion?: number;
  };
  /** The saved card's preview, shown until the form is sent. */
  savedPreview: CardPreview | null;
  busy: boolean;
}) {
  const m = useMessages("homeAdmin").homeAdmin;
  const values: CardValues = answer?.cardValues ?? {
    icon: editing?.icon ?? HOME_ICONS[0],
    titleEn: editing?.title.en ?? "",
    textEn: editing?.text.en ?? "",
    titleFr: editing?.title.fr ?? "",
    textFr: editing?.text.fr ?? "",
    published: editing?.published ?? false,
  };
  const errors = answer?.errors ?? {};
  const preview = answer?.cardPreview ?? (answer ? undefined : savedPreview);
  const heading = editing ? m.editHeading(editing.title.en) : m.addCard(m.sections[section]);
  return (
    <Form method="post" id="home-card-form" className="card space-y-4" aria-labelledby="home-card-form-heading">
      <ContentFormHeading
        id="home-card-form-heading"
        heading={heading}
        cancel={{ to: "/admin/home", label: m.cancelEdit }}
        answer={answer}
      />
      {editing ? (
        <>
          <input type="hidden" name="id" value={editing.id} />
          <input type="hidden" name="version" value={answer?.loadedVersion ?? editing.version} />
        </>
      ) : (
        <input type="hidden" name="section" value={section} />
      )}
      <Select label={m.icon} name="icon" defaultValue={values.icon} error={errors.icon}>
        {HOME_ICONS.map((icon) => (
          <option key={icon} value={icon}>
            {m.icons[icon]}
          </option>
        ))}
      </Select>
      <BilingualTitleAndText
        title={{ name: "title", labelEn: m.cardTitleEn, labelFr: m.cardTitleFr, maxLength: HOME_LIMITS.cardTitle }}
        text={{
          name: "text",
          labelEn: m.cardTextEn,
          labelFr: m.cardTextFr,
          maxLength: HOME_LIMITS.cardText,
          rows: 3,
        }}
        values={values}
        errors={errors}
      />
      <PublishedCheckbox label={m.publishedField} defaultChecked={values.published} />
      <PreviewAndSave
        busy={busy}
        preview={{ intent: "card-preview", label: m.preview }}
        save={{ intent: "card-save", label: m.saveCard }}
      />
      {preview && (
        <ContentPreview
          id="home-card-preview-heading"
          heading={m.cardPreviewHeading}
          words={m}
          en={<CardPreviewList card={preview.en} />}
          fr={preview.fr && <CardPreviewList card={preview.fr} />}
        />
      )}
    </Form>
  );
}

function CardPreviewList({ card }: { card: PublicHomeCard }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      <HomeCardItem card={card} />
    </ul>
  );
}
