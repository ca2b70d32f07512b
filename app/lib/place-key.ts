// How the site compares place names: "Maceio", "maceió" and "Maceió" are one city to the search
// (PostgreSQL's lower(f_unaccent(...)), app/server/search/filters.server.ts), so everything that
// groups or matches places folds them the same way.

/** Lower case, without accents and doubled spaces: the key a place is compared by. */
export function placeKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

const collator = new Intl.Collator("pt-BR");
const CONNECTORS = new Set(["de", "da", "do", "das", "dos", "e"]);
/** Words written as a place's name is ("Barra de São Miguel"): capitalised, connectors in lower case. */
const wellCased = (spelling: string) =>
  spelling
    .split(/\s+/)
    .filter((word) =>
      CONNECTORS.has(word.toLowerCase()) ? word === word.toLowerCase() : /^\p{Lu}\p{Ll}*$/u.test(word),
    ).length;
const accents = (spelling: string) => spelling.normalize("NFD").length - spelling.normalize("NFC").length;

/**
 * The spelling to show of a place written several ways (each with its number of listings): the
 * one most listings use; on a tie, the one cased as a name and with accents ("Maceió" before
 * "maceio" or "MACEIO"), as an agent means it; then the first in pt-BR order, so the choice
 * never depends on the rows' order.
 */
export function preferredSpelling(spellings: ReadonlyMap<string, number>): string {
  const ranked = [...spellings].sort(
    ([a, countA], [b, countB]) =>
      countB - countA || wellCased(b) - wellCased(a) || accents(b) - accents(a) || collator.compare(a, b),
  );
  return ranked[0]?.[0] ?? "";
}
