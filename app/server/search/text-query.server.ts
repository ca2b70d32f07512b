// A visitor's words as a PostgreSQL text query: websearch syntax (quotes, -word, or) united with
// the prefix form of the same words, so "apart" finds apartamento. PostgreSQL parses and stems
// it (Portuguese, accents ignored); the in-memory index evaluates what PostgreSQL parsed
// (search-text.server.ts).
import { type SQL, sql } from "drizzle-orm";

/**
 * The query's prefix form, read with websearch's syntax: each word as a prefix ("apart" finds
 * apartamento), a word or quoted phrase after a minus left out (as websearch stems it, never as a
 * prefix: "-mar" must not hide Maragogi), `or` between alternatives, a quoted phrase as its words.
 * `apart -mobiliado or "vista mar"` gives `(apart:* & !mobiliado) | (vista:* & mar:*)`. A minus
 * counts when it starts a word or a quote (`casa -"vista mar"`), two cancel out (`--piscina`), and
 * one standing alone is no operator (withoutLoneMinuses).
 */
export function prefixQuery(q: string): string {
  const folded = withoutLoneMinuses(foldSearchText(q));
  const wordsOf = (text: string) => text.split(/[^a-z0-9]+/).filter((w) => w.length >= 2);
  const groups: { include: string[]; exclude: string[][] }[] = [{ include: [], exclude: [] }];
  let minuses = 0; // read before the next word or phrase
  const add = (words: string[], negated: boolean) => {
    const group = groups[groups.length - 1]!;
    if (words.length === 0) return;
    if (negated) group.exclude.push(words);
    else group.include.push(...words);
  };
  // Quoted stretches alternate with plain ones; inside quotes, "-" and "or" are words.
  folded.split('"').forEach((part, index) => {
    if (index % 2 === 1) {
      add(wordsOf(part), minuses % 2 === 1);
      minuses = 0;
      return;
    }
    for (const token of part.split(/\s+/)) {
      if (!token) continue;
      // websearch skips ( ) ! & | < before a word, and reads each minus among them as NOT.
      const lead = /^[-!&|()<]*/.exec(token)![0];
      const rest = token.slice(lead.length);
      minuses += lead.split("-").length - 1;
      if (!rest) continue; // the minus of a quote: `-"vista mar"`, `(-"vista mar")`
      const negated = minuses % 2 === 1;
      const afterMinus = minuses > 0;
      minuses = 0;
      if (rest === "or" && !afterMinus) {
        const current = groups[groups.length - 1]!;
        if (current.include.length || current.exclude.length) groups.push({ include: [], exclude: [] });
        continue;
      }
      add(wordsOf(rest), negated);
    }
  });
  let budget = 8; // words kept as prefixes, as before: a long query stays cheap
  const parts = groups.flatMap(({ include, exclude }) => {
    const kept = include.slice(0, budget);
    budget -= kept.length;
    const terms = [
      ...kept.map((w) => `${w}:*`),
      ...exclude.map((words) => (words.length === 1 ? `!${words[0]}` : `!(${words.join(" & ")})`)),
    ];
    return kept.length ? [terms.join(" & ")] : [];
  });
  return parts.length > 1 ? parts.map((p) => `(${p})`).join(" | ") : (parts[0] ?? "");
}

/** A search word as the prefix form compares it: without accents, lower case ("Pajuçara" → "pajucara"). */
export function foldSearchText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The query without minuses that stand alone. websearch_to_tsquery reads `casa - piscina` as
 * "casa, without piscina"; a visitor who pastes a title ("Apartamento 3 quartos - Ponta Verde")
 * means a dash. A minus leaves out what it is attached to: `-piscina`, `-"vista mar"`.
 */
export function withoutLoneMinuses(q: string): string {
  return q.replace(/(^|\s)-+(?=\s|$)/g, "$1");
}

/** websearch syntax (quotes, -word, or) united with the prefix form of the same words. */
export function textQuery(q: string): SQL {
  const websearch = sql`websearch_to_tsquery('portuguese', f_unaccent(${withoutLoneMinuses(q)}))`;
  const prefix = prefixQuery(q);
  return prefix ? sql`(${websearch} || to_tsquery('portuguese', ${prefix}))` : websearch;
}
