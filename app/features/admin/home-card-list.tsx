import { cardHasFrench, type HomeCard, type HomeSection } from "../../../domain/home-content.ts";
import { LocalizedLink } from "../i18n/localized-link";
import { useMessages } from "../i18n/use-locale";
import { OrderedListItem } from "./ordered-list-controls";
import { Notice } from "./ui";

/** One of the home page's card lists, in order, with each card's controls and the link to add one. */
export function HomeCardList({
  section,
  cards,
  max,
  notice,
  busy,
}: {
  section: HomeSection;
  /** This section's cards, in order. */
  cards: HomeCard[];
  max: number;
  /** The answer to a list control, shown in every list. */
  notice?: { ok: boolean; message: string };
  busy: boolean;
}) {
  const m = useMessages("homeAdmin").homeAdmin;
  return (
    <section aria-labelledby={`home-${section}-heading`} className="card space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`home-${section}-heading`} className="text-xl font-bold">
          {m.sections[section]}
        </h2>
        <p className="text-sm text-muted">{m.sectionCount(cards.length, max)}</p>
      </div>
      {notice && <Notice kind={notice.ok ? "success" : "error"}>{notice.message}</Notice>}
      {cards.length === 0 ? (
        <p className="text-muted">{m.empty}</p>
      ) : (
        <ol className="space-y-3">
          {cards.map((card, index) => (
            <OrderedListItem
              key={card.id}
              id={card.id}
              title={card.title.en}
              published={card.published}
              french={cardHasFrench(card)}
              index={index}
              count={cards.length}
              editTo={`/admin/home?edit=${card.id}#home-card-form`}
              stamp={{ name: "version", value: card.version }}
              stampDelete
              busy={busy}
              words={m}
            />
          ))}
        </ol>
      )}
      {cards.length < max && (
        <LocalizedLink to={`/admin/home?add=${section}#home-card-form`} className="btn btn-secondary">
          {m.addCard(m.sections[section])}
        </LocalizedLink>
      )}
    </section>
  );
}
