import { sql, type SQL } from "drizzle-orm";

/**
 * Accent- and case-insensitive search without the `unaccent` extension (PGlite does not ship it):
 * both the stored search document and the visitor's words go through the same SQL folding
 * (ligatures spelt out, accented letters mapped to plain ones with translate(), then lower()), and
 * are split into words by the `simple` text-search configuration (no stemming, no stop words).
 * translate(), replace(), lower() and to_tsvector(regconfig, text) are immutable, so the documents
 * are generated columns and GIN-indexed.
 */
const ACCENTED = "àáâãäåāçćčèéêëēęìíîïīñńòóôõöøōùúûüūýÿžšÀÁÂÃÄÅĀÇĆČÈÉÊËĒĘÌÍÎÏĪÑŃÒÓÔÕÖØŌÙÚÛÜŪÝŸŽŠ";
const PLAIN = "aaaaaaaccceeeeeeiiiiinnooooooouuuuuyyzsaaaaaaaccceeeeeeiiiiinnooooooouuuuuyyzs";
if ([...ACCENTED].length !== PLAIN.length) throw new Error("search-text: folding maps differ in length");

/** SQL text of the folding applied to an SQL expression `expr` (as raw SQL text). */
function foldRaw(expr: string): string {
  const ligatures = [
    ["œ", "oe"],
    ["Œ", "oe"],
    ["æ", "ae"],
    ["Æ", "ae"],
    ["ß", "ss"],
  ];
  const spelt = ligatures.reduce((inner, [from, to]) => `replace(${inner}, '${from}', '${to}')`, expr);
  return `lower(translate(${spelt}, '${ACCENTED}', '${PLAIN}'))`;
}

/** A language's searchable text of an item: its name and description, French falling back to English. */
function documentText(locale: "en" | "fr"): string {
  const field = (name: "name" | "description") =>
    locale === "en"
      ? `coalesce("translations"->'en'->>'${name}', '')`
      : `coalesce(nullif("translations"->'fr'->>'${name}', ''), "translations"->'en'->>'${name}', '')`;
  return `${field("name")} || ' ' || ${field("description")}`;
}

/** The generated column's expression: the folded words of one language. */
export function searchDocument(locale: "en" | "fr"): SQL {
  return sql.raw(`to_tsvector('simple'::regconfig, ${foldRaw(documentText(locale))})`);
}

/** The generated column's expression: the folded text of one language, for trigram matching. */
export function searchText(locale: "en" | "fr"): SQL {
  return sql.raw(foldRaw(documentText(locale)));
}

/** The folding applied to any SQL text value (the visitor's words, a category's name). */
export function foldSql(value: SQL): SQL {
  const [before, after] = foldRaw("\u0000").split("\u0000");
  return sql`${sql.raw(before)}${value}${sql.raw(after)}`;
}

/**
 * The visitor's words as a query that matches documents holding every word, each as a word prefix
 * ("drag" finds "Dragon", "deco" finds "Déco"). Null when the text has no word at all.
 */
export function searchQuery(text: string): SQL {
  const [before, after] = foldRaw("\u0000").split("\u0000");
  const words = sql`${sql.raw(before)}${text}::text${sql.raw(after)}`;
  return sql`(select string_agg(quote_literal(lexeme) || ':*', ' & ')::tsquery from unnest(to_tsvector('simple'::regconfig, ${words})))`;
}
