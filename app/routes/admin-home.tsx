import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/admin-home";
import { AdminHeader, Badge, Notice, Select, TextArea, TextInput } from "~/features/admin/ui";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import { HeroText, HomeCardItem } from "~/features/marketing/home-blocks";
import {
  cardHasFrench,
  HOME_ICONS,
  HOME_LIMITS,
  HOME_SECTIONS,
  homeCardInput,
  homeCardSchema,
  homeErrors,
  homeHeroInput,
  homeHeroSchema,
  type HomeCard,
  type HomeFieldError,
  type HomeHero,
  type HomeSection,
  type PublicHomeCard,
  type PublicHomeHero,
} from "../../domain/home-content.ts";
import { localeFromPath } from "../../domain/locale.ts";
import { messagesFor } from "../../messages/messages.server.ts";
import { requirePageAdmin } from "../../server/auth/session.ts";
import {
  cardPreview,
  createHomeCard,
  deleteHomeCard,
  getHomeHero,
  heroPreview,
  HomeInvalid,
  listHomeCards,
  moveHomeCard,
  setHomeCardPublished,
  updateHomeCard,
  updateHomeHero,
} from "../../server/content/home-content.ts";
import { DomainError } from "../../server/errors.ts";
import { errorText } from "../../server/http/error-text.ts";
import { assertSameOrigin } from "../../server/http/same-origin.ts";
import { getStudioIdentity } from "../../server/settings/studio-identity.ts";
import {
  BilingualColumns,
  BilingualTitleAndText,
  ContentPreview,
  PreviewAndSave,
  PublishedCheckbox,
} from "~/features/admin/content-form";

export const meta = (args: Route.MetaArgs) => pageTitle(args, "homeAdmin", (m) => m.homeAdmin.title);

type HeroPreview = { en: PublicHomeHero; fr: PublicHomeHero };
type CardPreview = { en: PublicHomeCard; fr: PublicHomeCard | null };
const heroPreviews = (
  hero: Pick<HomeHero, "eyebrow" | "title" | "subtitle" | "imageAlt">,
  city: string,
): HeroPreview => ({
  en: heroPreview(hero, "en", city),
  fr: heroPreview(hero, "fr", city),
});
const cardPreviews = (card: Pick<HomeCard, "icon" | "title" | "text">): CardPreview => ({
  en: cardPreview({ id: 0, ...card }, "en"),
  fr: cardHasFrench(card) ? cardPreview({ id: 0, ...card }, "fr") : null,
});

/** The home page (issue 23): the hero's form, the two card lists, and the card `?edit=<id>` (or a new one `?add=<section>`). */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requirePageAdmin(request);
  const [hero, cards] = [await getHomeHero(), await listHomeCards()];
  const editing = cards.find((card) => String(card.id) === url.searchParams.get("edit")) ?? null;
  const add = url.searchParams.get("add");
  const adding = !editing && HOME_SECTIONS.includes(add as HomeSection) ? (add as HomeSection) : null;
  return {
    hero,
    cards,
    editing,
    adding,
    preview: editing ? cardPreviews(editing) : null,
    max: HOME_LIMITS.cardsPerSection,
  };
}

type HeroValues = Record<
  "eyebrowEn" | "eyebrowFr" | "titleEn" | "titleFr" | "subtitleEn" | "subtitleFr" | "imageAltEn" | "imageAltFr",
  string
>;
type CardValues = {
  icon: string;
  titleEn: string;
  textEn: string;
  titleFr: string;
  textFr: string;
  published: boolean;
};
type Answer = {
  intent: "hero" | "card" | "list";
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  heroValues?: HeroValues;
  cardValues?: CardValues;
  heroPreview?: HeroPreview;
  cardPreview?: CardPreview;
  /**
   * The version the typed text was based on, kept by a preview and by a refusal: after a stale save
   * was refused, a preview and a second save are refused too, never an overwrite of the other admin's change.
   */
  loadedVersion?: number;
};

const MAX_FORM_BYTES = 32 * 1024;
const str = (value: unknown) => (typeof value === "string" ? value : "");

export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requirePageAdmin(request);
  const locale = localeFromPath(url.pathname);
  const m = messagesFor(locale).homeAdmin;
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES)
    return data<Answer>({ intent: "list", ok: false, message: m.fixErrors, errors: {} }, 400);
  const form = await request.formData();
  const text = (name: string) => str(form.get(name));
  const intent = text("intent");
  const id = Number(text("id"));
  const version = Number(text("version"));
  const target: Answer["intent"] = intent.startsWith("hero-") ? "hero" : intent.startsWith("card-") ? "card" : "list";
  const heroInput = homeHeroInput(form);
  const cardInput = homeCardInput(form);
  const heroValues =
    target === "hero"
      ? (Object.fromEntries(Object.entries(heroInput).map(([k, v]) => [k, str(v)])) as HeroValues)
      : undefined;
  const cardValues: CardValues | undefined =
    target === "card"
      ? {
          icon: str(cardInput.icon),
          titleEn: str(cardInput.titleEn),
          textEn: str(cardInput.textEn),
          titleFr: str(cardInput.titleFr),
          textFr: str(cardInput.textFr),
          published: cardInput.published === true,
        }
      : undefined;
  const loadedVersion = Number.isInteger(version) && version > 0 ? version : undefined;
  const ok = (message: string, extra: Partial<Answer> = {}) =>
    data<Answer>({ intent: target, ok: true, message, errors: {}, ...extra });
  try {
    switch (intent) {
      case "hero-preview": {
        const parsed = homeHeroSchema.safeParse(heroInput);
        if (!parsed.success) throw new HomeInvalid(homeErrors(parsed.error.issues));
        const { city } = await getStudioIdentity();
        return ok("", { heroValues, heroPreview: heroPreviews(parsed.data, city), loadedVersion });
      }
      case "hero-save":
        await updateHomeHero(heroInput, version);
        return ok(m.saved);
      case "card-preview": {
        const parsed = homeCardSchema.safeParse(cardInput);
        if (!parsed.success) throw new HomeInvalid(homeErrors(parsed.error.issues));
        return ok("", { cardValues, cardPreview: cardPreviews(parsed.data), loadedVersion });
      }
      case "card-save":
        if (text("id")) await updateHomeCard(id, cardInput, version);
        else await createHomeCard(text("section"), cardInput);
        return ok(m.saved);
      case "publish":
      case "unpublish":
        await setHomeCardPublished(id, intent === "publish", version);
        return ok(m.saved);
      case "up":
      case "down":
        await moveHomeCard(id, intent);
        return ok(m.moved);
      case "delete":
        await deleteHomeCard(id, text("version") ? version : undefined);
        return ok(m.deleted);
    }
    return data<Answer>({ intent: "list", ok: false, message: m.fixErrors, errors: {} }, 400);
  } catch (error) {
    const refuse = (message: string, status: number, errors: Record<string, string> = {}) =>
      data<Answer>({ intent: target, ok: false, message, errors, heroValues, cardValues, loadedVersion }, status);
    if (error instanceof HomeInvalid) {
      const errors = Object.fromEntries(
        Object.entries(error.errors).map(([field, code]) => [field, m.errors[code as HomeFieldError] ?? m.fixErrors]),
      );
      return refuse(m.fixErrors, 400, errors);
    }
    if (error instanceof DomainError) return refuse(errorText(error, locale).message, error.status);
    throw error;
  }
}

const smallButton = "btn btn-secondary px-3 py-1.5 text-sm";

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const m = useMessages("homeAdmin").homeAdmin;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const { hero, cards, editing, adding, max } = loaderData;
  const heroAnswer = answer?.intent === "hero" ? answer : undefined;
  const cardAnswer = answer?.intent === "card" ? answer : undefined;
  const heroErrors = heroAnswer?.errors ?? {};
  const heroValues: HeroValues = heroAnswer?.heroValues ?? {
    eyebrowEn: hero.eyebrow.en,
    eyebrowFr: hero.eyebrow.fr,
    titleEn: hero.title.en,
    titleFr: hero.title.fr,
    subtitleEn: hero.subtitle.en,
    subtitleFr: hero.subtitle.fr,
    imageAltEn: hero.imageAlt.en,
    imageAltFr: hero.imageAlt.fr,
  };
  const heroKey = `hero:${hero.version}:${heroAnswer?.ok && heroAnswer.message ? "saved" : ""}`;
  const cardSection = editing?.section ?? adding;

  return (
    <section className="space-y-8">
      <AdminHeader title={m.title} intro={m.intro} />

      <Form method="post" className="card space-y-4" aria-labelledby="home-hero-heading" key={heroKey}>
        <h2 id="home-hero-heading" className="text-xl font-bold">
          {m.heroHeading}
        </h2>
        <p className="text-sm text-muted">{m.heroIntro}</p>
        {heroAnswer?.message && <Notice kind={heroAnswer.ok ? "success" : "error"}>{heroAnswer.message}</Notice>}
        <input type="hidden" name="version" value={heroAnswer?.loadedVersion ?? hero.version} />
        <BilingualColumns
          en={
            <>
              <TextInput
                label={m.eyebrowEn}
                name="eyebrowEn"
                defaultValue={heroValues.eyebrowEn}
                maxLength={HOME_LIMITS.eyebrow}
                required
                error={heroErrors.eyebrowEn}
              />
              <TextInput
                label={m.heroTitleEn}
                name="titleEn"
                defaultValue={heroValues.titleEn}
                maxLength={HOME_LIMITS.heroTitle}
                required
                error={heroErrors.titleEn}
              />
              <TextArea
                label={m.subtitleEn}
                name="subtitleEn"
                rows={3}
                defaultValue={heroValues.subtitleEn}
                maxLength={HOME_LIMITS.subtitle}
                required
                hint={m.subtitleHint}
                error={heroErrors.subtitleEn}
              />
              <TextInput
                label={m.imageAltEn}
                name="imageAltEn"
                defaultValue={heroValues.imageAltEn}
                maxLength={HOME_LIMITS.imageAlt}
                required
                hint={m.imageAltHint}
                error={heroErrors.imageAltEn}
              />
            </>
          }
          fr={
            <>
              <TextInput
                label={m.eyebrowFr}
                name="eyebrowFr"
                defaultValue={heroValues.eyebrowFr}
                maxLength={HOME_LIMITS.eyebrow}
                required
                error={heroErrors.eyebrowFr}
              />
              <TextInput
                label={m.heroTitleFr}
                name="titleFr"
                defaultValue={heroValues.titleFr}
                maxLength={HOME_LIMITS.heroTitle}
                required
                error={heroErrors.titleFr}
              />
              <TextArea
                label={m.subtitleFr}
                name="subtitleFr"
                rows={3}
                defaultValue={heroValues.subtitleFr}
                maxLength={HOME_LIMITS.subtitle}
                required
                hint={m.subtitleHint}
                error={heroErrors.subtitleFr}
              />
              <TextInput
                label={m.imageAltFr}
                name="imageAltFr"
                defaultValue={heroValues.imageAltFr}
                maxLength={HOME_LIMITS.imageAlt}
                required
                hint={m.imageAltHint}
                error={heroErrors.imageAltFr}
              />
            </>
          }
        />
        <PreviewAndSave
          busy={busy}
          preview={{ intent: "hero-preview", label: m.preview }}
          save={{ intent: "hero-save", label: m.saveHero }}
        />
        {heroAnswer?.heroPreview && (
          <section aria-labelledby="home-hero-preview-heading" className="space-y-3 border-t border-border pt-4">
            <h3 id="home-hero-preview-heading" className="text-lg font-semibold">
              {m.heroPreviewHeading}
            </h3>
            {(["en", "fr"] as const).map((lang) => (
              <div key={lang} className="space-y-2">
                <p className="text-sm font-semibold">{lang === "en" ? m.previewEnglish : m.previewFrench}</p>
                <div
                  lang={lang}
                  className="grid items-center gap-6 rounded-2xl border border-border p-4 md:grid-cols-2"
                >
                  <div className="min-w-0">
                    <HeroText hero={heroAnswer.heroPreview![lang]} />
                  </div>
                  <img
                    src="/images/hero.svg"
                    alt={heroAnswer.heroPreview![lang].imageAlt}
                    width={800}
                    height={640}
                    className="h-auto w-full rounded-3xl border border-border"
                  />
                </div>
              </div>
            ))}
          </section>
        )}
      </Form>

      {HOME_SECTIONS.map((section) => {
        const inSection = cards.filter((card) => card.section === section);
        return (
          <section key={section} aria-labelledby={`home-${section}-heading`} className="card space-y-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id={`home-${section}-heading`} className="text-xl font-bold">
                {m.sections[section]}
              </h2>
              <p className="text-sm text-muted">{m.sectionCount(inSection.length, max)}</p>
            </div>
            {answer?.intent === "list" && <Notice kind={answer.ok ? "success" : "error"}>{answer.message}</Notice>}
            {inSection.length === 0 ? (
              <p className="text-muted">{m.empty}</p>
            ) : (
              <ol className="space-y-3">
                {inSection.map((card, index) => (
                  <li key={card.id} className="space-y-2 border-t border-border pt-3 first:border-0 first:pt-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold break-words">
                        {index + 1}. {card.title.en}
                      </span>
                      <Badge tone={card.published ? "success" : "neutral"}>
                        {card.published ? m.published : m.draft}
                      </Badge>
                      {!cardHasFrench(card) && <Badge tone="warning">{m.frenchMissing}</Badge>}
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <LocalizedLink to={`/admin/home?edit=${card.id}#home-card-form`} className={smallButton}>
                        <span aria-hidden="true">✎</span>
                        <span className="sr-only">{m.edit(card.title.en)}</span>
                      </LocalizedLink>
                      {(["up", "down"] as const).map((direction) => (
                        <Form method="post" key={direction}>
                          <input type="hidden" name="intent" value={direction} />
                          <input type="hidden" name="id" value={card.id} />
                          <button
                            type="submit"
                            className={smallButton}
                            disabled={busy || (direction === "up" ? index === 0 : index === inSection.length - 1)}
                            aria-label={direction === "up" ? m.moveUp(card.title.en) : m.moveDown(card.title.en)}
                          >
                            {direction === "up" ? "↑" : "↓"}
                          </button>
                        </Form>
                      ))}
                      <Form method="post">
                        <input type="hidden" name="intent" value={card.published ? "unpublish" : "publish"} />
                        <input type="hidden" name="id" value={card.id} />
                        <input type="hidden" name="version" value={card.version} />
                        <button type="submit" className={smallButton} disabled={busy}>
                          {card.published ? m.unpublish(card.title.en) : m.publish(card.title.en)}
                        </button>
                      </Form>
                      <details>
                        <summary className={`${smallButton} cursor-pointer text-danger`}>{m.deleteMenu}</summary>
                        <Form method="post" className="mt-2 space-y-2 rounded-lg border border-border bg-surface-2 p-3">
                          <p className="text-sm">{m.deleteConfirm(card.title.en)}</p>
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="id" value={card.id} />
                          <input type="hidden" name="version" value={card.version} />
                          <button
                            type="submit"
                            className="btn bg-danger px-3 py-1.5 text-sm text-surface hover:opacity-90"
                            disabled={busy}
                          >
                            {m.deleteButton(card.title.en)}
                          </button>
                        </Form>
                      </details>
                    </div>
                  </li>
                ))}
              </ol>
            )}
            {inSection.length < max && (
              <LocalizedLink to={`/admin/home?add=${section}#home-card-form`} className="btn btn-secondary">
                {m.addCard(m.sections[section])}
              </LocalizedLink>
            )}
          </section>
        );
      })}

      {cardSection &&
        cardForm(
          `${editing?.id ?? adding}:${editing?.version ?? ""}:${cardAnswer?.ok && cardAnswer.message ? "saved" : ""}`,
        )}
    </section>
  );

  /** The form of the card being edited or added (a render helper, not a component: typed values survive a re-render). */
  function cardForm(key: string) {
    const values: CardValues = cardAnswer?.cardValues ?? {
      icon: editing?.icon ?? HOME_ICONS[0],
      titleEn: editing?.title.en ?? "",
      textEn: editing?.text.en ?? "",
      titleFr: editing?.title.fr ?? "",
      textFr: editing?.text.fr ?? "",
      published: editing?.published ?? false,
    };
    const errors = cardAnswer?.errors ?? {};
    const preview = cardAnswer?.cardPreview ?? (cardAnswer ? undefined : loaderData.preview);
    const heading = editing ? m.editHeading(editing.title.en) : m.addCard(m.sections[cardSection!]);
    return (
      <Form
        method="post"
        key={key}
        id="home-card-form"
        className="card space-y-4"
        aria-labelledby="home-card-form-heading"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="home-card-form-heading" className="text-xl font-bold">
            {heading}
          </h2>
          <LocalizedLink to="/admin/home" className="text-sm underline underline-offset-4">
            {m.cancelEdit}
          </LocalizedLink>
        </div>
        {cardAnswer?.message && <Notice kind={cardAnswer.ok ? "success" : "error"}>{cardAnswer.message}</Notice>}
        {editing ? (
          <>
            <input type="hidden" name="id" value={editing.id} />
            <input type="hidden" name="version" value={cardAnswer?.loadedVersion ?? editing.version} />
          </>
        ) : (
          <input type="hidden" name="section" value={cardSection!} />
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
            labels={{ english: m.previewEnglish, french: m.previewFrench, noFrench: m.previewNoFrench }}
            en={<CardPreviewList card={preview.en} />}
            fr={preview.fr && <CardPreviewList card={preview.fr} />}
          />
        )}
      </Form>
    );
  }
}

function CardPreviewList({ card }: { card: Parameters<typeof HomeCardItem>[0]["card"] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      <HomeCardItem card={card} />
    </ul>
  );
}
