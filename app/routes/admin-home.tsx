import { data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/admin-home";
import { HomeCardForm, type CardPreview, type CardValues } from "~/features/admin/home-card-form";
import { HomeCardList } from "~/features/admin/home-card-list";
import { HomeHeroForm, type HeroPreview, type HeroValues } from "~/features/admin/home-hero-form";
import { AdminHeader } from "~/features/admin/ui";
import { pageTitle } from "~/features/i18n/page-meta";
import { useMessages } from "~/features/i18n/use-locale";
import {
  cardHasFrench,
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

export const meta = (args: Route.MetaArgs) => pageTitle(args, "homeAdmin", (m) => m.homeAdmin.title);

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
        if (!parsed.success) throw new DomainError("home.invalid", { fields: homeErrors(parsed.error.issues) });
        const { city } = await getStudioIdentity();
        return ok("", { heroValues, heroPreview: heroPreviews(parsed.data, city), loadedVersion });
      }
      case "hero-save":
        await updateHomeHero(heroInput, version);
        return ok(m.saved);
      case "card-preview": {
        const parsed = homeCardSchema.safeParse(cardInput);
        if (!parsed.success) throw new DomainError("home.invalid", { fields: homeErrors(parsed.error.issues) });
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
    if (error instanceof DomainError && error.code === "home.invalid") {
      const errors = Object.fromEntries(
        Object.entries(error.fields ?? {}).map(([field, code]) => [
          field,
          m.errors[code as HomeFieldError] ?? m.fixErrors,
        ]),
      );
      return refuse(m.fixErrors, 400, errors);
    }
    if (error instanceof DomainError) return refuse(errorText(error, locale).message, error.status);
    throw error;
  }
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const m = useMessages("homeAdmin").homeAdmin;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const { hero, cards, editing, adding, max } = loaderData;
  const heroAnswer = answer?.intent === "hero" ? answer : undefined;
  const cardAnswer = answer?.intent === "card" ? answer : undefined;
  const heroKey = `hero:${hero.version}:${heroAnswer?.ok && heroAnswer.message ? "saved" : ""}`;
  const cardSection = editing?.section ?? adding;
  const cardKey = `${editing?.id ?? adding}:${editing?.version ?? ""}:${cardAnswer?.ok && cardAnswer.message ? "saved" : ""}`;

  return (
    <section className="space-y-8">
      <AdminHeader title={m.title} intro={m.intro} />
      <HomeHeroForm key={heroKey} hero={hero} answer={heroAnswer} busy={busy} />
      {HOME_SECTIONS.map((section) => (
        <HomeCardList
          key={section}
          section={section}
          cards={cards.filter((card) => card.section === section)}
          max={max}
          notice={answer?.intent === "list" ? answer : undefined}
          busy={busy}
        />
      ))}
      {cardSection && (
        <HomeCardForm
          key={cardKey}
          editing={editing}
          section={cardSection}
          answer={cardAnswer}
          savedPreview={loaderData.preview}
          busy={busy}
        />
      )}
    </section>
  );
}
