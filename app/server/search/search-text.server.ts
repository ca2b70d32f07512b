// PostgreSQL's full-text matching and ts_rank, redone in JavaScript for the in-process search
// index (search-index.server.ts). PostgreSQL itself still parses and stems every query and
// every listing (tsquerysend, the tsvector column); this module only evaluates the result, and
// it must agree with PostgreSQL to the last bit of the float4 rank, because the rank orders the
// results. Queries it cannot evaluate exactly (weights, an AND or a phrase at the top, a phrase
// of anything but words) are reported as unsupported and the caller runs the SQL search.

/** One item of a tsquery in PostgreSQL's stored order (the order tsquerysend writes). */
export type TsQueryItem =
  | { type: "val"; weight: number; prefix: boolean; word: string }
  | { type: "opr"; oper: number; distance: number };

const QI_VAL = 1;
const QI_OPR = 2;
const OP_NOT = 1;
const OP_AND = 2;
const OP_OR = 3;
const OP_PHRASE = 4;

/** Decodes tsquerysend's binary form: int32 count, then per item its type and payload. */
export function decodeTsQuery(bytes: Uint8Array): TsQueryItem[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  const count = view.getInt32(0);
  const items: TsQueryItem[] = [];
  let at = 4;
  for (let i = 0; i < count; i++) {
    const type = bytes[at++];
    if (type === QI_VAL) {
      const weight = bytes[at++]!;
      const prefix = bytes[at++] !== 0;
      const end = bytes.indexOf(0, at);
      items.push({ type: "val", weight, prefix, word: decoder.decode(bytes.subarray(at, end)) });
      at = end + 1;
    } else if (type === QI_OPR) {
      const oper = bytes[at++]!;
      let distance = 0;
      if (oper === OP_PHRASE) {
        distance = view.getInt16(at); // `<->` is 1, `<3>` is 3
        at += 2;
      }
      items.push({ type: "opr", oper, distance });
    } else {
      throw new Error(`tsquery: tipo de item desconhecido ${type}`);
    }
  }
  return items;
}

/**
 * A query tree of AND/OR/NOT over operands and phrases of words (the only shapes evaluated
 * here). A phrase matches where its left side ends `distance` positions before its right side
 * begins (`'vist' <-> 'mar'`: mar right after vista; `'pe-direit' <-> 'pe' <-> 'direit'`).
 */
export type MatchNode =
  | { op: "val"; word: string; prefix: boolean }
  | { op: "not"; child: MatchNode }
  | { op: "and" | "or"; left: MatchNode; right: MatchNode }
  | PhraseNode;

/** A phrase of words: no prefix, NOT, AND or OR inside (what quotes and hyphens produce). */
export type PhraseNode =
  | { op: "val"; word: string; prefix: false }
  | { op: "phrase"; left: PhraseNode; right: PhraseNode; distance: number };

export interface CompiledQuery {
  /** null: the query matches nothing (only stop words). */
  tree: MatchNode | null;
  /** The operands ts_rank sums over, in its order, after its de-duplication. */
  rankOperands: { word: string; prefix: boolean }[];
  /**
   * Every listing the query matches has the same ts_rank, so the rank orders nothing (an AND of
   * excluded words: `-piscina -mobiliado`). A listing that does not match has a rank this module
   * does not compute: one found by its referência alone must go to SQL.
   */
  sameRankForMatches?: true;
  /** The tree holds a phrase: the index must know its listings' positions. */
  hasPhrases?: true;
}

/** A parsed tsquery: MatchNode plus phrases of anything (`a <-> !b`, `a <-> (b | c)`). */
type QueryNode =
  | { op: "val"; word: string; prefix: boolean }
  | { op: "not"; child: QueryNode }
  | { op: "and" | "or"; left: QueryNode; right: QueryNode }
  | { op: "phrase"; left: QueryNode; right: QueryNode; distance: number };

/**
 * The query as this module evaluates it, or undefined when it holds something it does not
 * evaluate exactly: weight restrictions, an AND or a phrase at the top (ts_rank then uses its
 * proximity formula, calc_rank_and) other than an AND of excluded words, or a phrase of
 * something other than words that `withoutSubsumedBranches` cannot take out.
 */
export function compileTsQuery(items: TsQueryItem[]): CompiledQuery | undefined {
  if (items.length === 0) return { tree: null, rankOperands: [] };
  const root = items[0]!;
  const rankedByProximity = root.type === "opr" && (root.oper === OP_AND || root.oper === OP_PHRASE);
  let weighted = false;
  // Stored in prefix order: an operator, then its right operand's subtree, then its left one.
  const parse = (at: number): [QueryNode, number] => {
    const item = items[at]!;
    if (item.type === "val") {
      if (item.weight !== 0) weighted = true;
      return [{ op: "val", word: item.word, prefix: item.prefix }, at + 1];
    }
    if (item.oper === OP_NOT) {
      const [child, end] = parse(at + 1);
      return [{ op: "not", child }, end];
    }
    const [right, middle] = parse(at + 1);
    const [left, end] = parse(middle);
    if (item.oper === OP_PHRASE) return [{ op: "phrase", left, right, distance: item.distance }, end];
    return [{ op: item.oper === OP_OR ? "or" : "and", left, right }, end];
  };
  const [parsed] = parse(0);
  if (weighted) return undefined;
  if (rankedByProximity) {
    // ts_rank's proximity formula (calc_rank_and) looks at where the query's words are in the
    // listing. When every word is excluded (`-piscina -mobiliado`: websearch gives
    // `!'piscin' & !'mobili'`) a matching listing has none of them, and the formula finds
    // nothing to measure: the rank is 1e-20 for every match (calc_rank's floor), or 0 when the
    // words stem alike (calc_rank_or). Anything else needs positions: SQL.
    if (!isConjunctionOfExcludedWords(parsed)) return undefined;
    return { tree: parsed as MatchNode, rankOperands: [], sameRankForMatches: true };
  }
  const tree = withoutSubsumedBranches(parsed);
  if (!tree) return undefined;
  // ts_rank (calc_rank_or) sums over every operand, those of a phrase taken out included.
  const rankOperands = sortAndUniqOperands(items);
  return hasPhrase(tree) ? { tree, rankOperands, hasPhrases: true } : { tree, rankOperands };
}

/**
 * The query without the branches of its top OR that it does not need: a conjunction of words
 * another branch covers (`'piscin' | 'piscin':*`: every listing with 'piscin' has a lexeme
 * starting with it), and phrases as follows. The search adds the prefix form of the same
 * words to every query (`'vist' <-> 'mar' | 'vist':* & 'mar':*`, text-query.server.ts), so a branch
 * of the top OR holding a phrase often matches no listing the prefix branch does not already
 * match: when every listing that matches it has each of its words (those not under a NOT or an
 * OR) and lacks each word it excludes, and so has a lexeme starting with each prefix and lacks
 * each excluded word. Such a branch is dropped; the OR's answer, and ts_rank, which sums over the
 * operands whatever the operators, stay the same. Quotes, hyphens and apostrophes (`"vista
 * mar"`, `pé-direito`, `d'água`) are phrases. A branch whose phrase is not covered (`casa &
 * !('vist' <-> 'mar')`: the prefix branch excludes every listing with both words, near or not)
 * stays, for the index to check the words' positions, when its phrases are phrases of words;
 * otherwise the answer is undefined (SQL).
 */
function withoutSubsumedBranches(root: QueryNode): MatchNode | undefined {
  const branches: QueryNode[] = [];
  const collect = (node: QueryNode) => {
    if (node.op === "or") {
      collect(node.left);
      collect(node.right);
    } else branches.push(node);
  };
  collect(root);
  const plain = branches.filter((b) => !hasPhrase(b)) as MatchNode[];
  const positional: MatchNode[] = [];
  const literals = plain.map(conjunctionOfLiterals);
  const conjunctions = literals.filter((c) => c !== undefined);
  /** Does every listing that has `has` and lacks `lacks` match the conjunction? */
  const within = (has: Word[], lacks: Word[]) => (c: { include: Word[]; exclude: Word[] }) =>
    c.include.every((y) => has.some((x) => implies(x, y))) &&
    c.exclude.every((y) => lacks.some((x) => implies(y, x)));
  // A conjunction another one covers adds nothing (`'piscin' | 'piscin':*`, the form every word
  // takes): dropped, the first of two equal ones kept. One loop over every listing fewer.
  const coveredPlain = new Set(
    plain.filter((_, i) => {
      const b = literals[i];
      if (!b) return false;
      return literals.some((c, j) => {
        if (j === i || !c || !within(b.include, b.exclude)(c)) return false;
        return j < i || !within(c.include, c.exclude)(b);
      });
    }),
  );
  for (const branch of branches) {
    if (!hasPhrase(branch)) continue;
    if (conjunctions.some(within(requiredWords(branch), excludedWords(branch)))) continue;
    if (!hasOnlyPhrasesOfWords(branch)) return undefined;
    positional.push(branch as MatchNode);
  }
  const kept = [...plain.filter((b) => !coveredPlain.has(b)), ...positional];
  if (kept.length === 0) return undefined;
  return kept.reduce((left, right) => ({ op: "or", left, right }));
}

type Word = { word: string; prefix: boolean };

/** `!a & !b & …`: an AND of negated words, none a prefix (so a match has none of the lexemes). */
function isConjunctionOfExcludedWords(node: QueryNode): boolean {
  if (node.op === "and")
    return isConjunctionOfExcludedWords(node.left) && isConjunctionOfExcludedWords(node.right);
  return node.op === "not" && node.child.op === "val" && !node.child.prefix;
}

/** Is every phrase in `node` a phrase of words, which the index checks by position? */
function hasOnlyPhrasesOfWords(node: QueryNode): boolean {
  if (node.op === "val") return true;
  if (node.op === "not") return hasOnlyPhrasesOfWords(node.child);
  if (node.op === "phrase") return isPhraseOfWords(node);
  return hasOnlyPhrasesOfWords(node.left) && hasOnlyPhrasesOfWords(node.right);
}

function isPhraseOfWords(node: QueryNode): node is PhraseNode {
  if (node.op === "val") return !node.prefix;
  return node.op === "phrase" && isPhraseOfWords(node.left) && isPhraseOfWords(node.right);
}

/** Does the query tree (parsed or compiled) hold a phrase anywhere? */
export function hasPhrase(node: QueryNode | MatchNode): boolean {
  if (node.op === "val") return false;
  if (node.op === "not") return hasPhrase(node.child);
  return node.op === "phrase" || hasPhrase(node.left) || hasPhrase(node.right);
}

/** An AND of words and negated words, as lists; undefined when it holds anything else. */
function conjunctionOfLiterals(node: MatchNode): { include: Word[]; exclude: Word[] } | undefined {
  if (node.op === "val") return { include: [node], exclude: [] };
  if (node.op === "not") return node.child.op === "val" ? { include: [], exclude: [node.child] } : undefined;
  if (node.op !== "and") return undefined;
  const left = conjunctionOfLiterals(node.left);
  const right = conjunctionOfLiterals(node.right);
  if (!left || !right) return undefined;
  return { include: [...left.include, ...right.include], exclude: [...left.exclude, ...right.exclude] };
}

/** The words every match of `node` contains: those reached through AND and phrase alone. */
function requiredWords(node: QueryNode): Word[] {
  if (node.op === "val") return [node];
  if (node.op === "and" || node.op === "phrase") {
    return [...requiredWords(node.left), ...requiredWords(node.right)];
  }
  return []; // under a NOT or an OR a word may be missing
}

/**
 * The words no match of `node` contains: negated words reached through AND alone. (Inside a
 * phrase, `a <-> !b` only says what follows a: b may be elsewhere.)
 */
function excludedWords(node: QueryNode): Word[] {
  if (node.op === "not") return node.child.op === "val" ? [node.child] : [];
  if (node.op === "and") return [...excludedWords(node.left), ...excludedWords(node.right)];
  return [];
}

/** Does every lexeme `x` matches also match `y`? (A prefix matches what starts with it.) */
function implies(x: Word, y: Word): boolean {
  if (!y.prefix) return !x.prefix && x.word === y.word;
  return x.word.startsWith(y.word);
}

/**
 * tsCompareString without prefix: bytewise on UTF-8, a shorter string first on a common prefix.
 * UTF-8 byte order is code point order, so this compares code units except that a surrogate
 * (a character above U+FFFF) sorts above every other code unit.
 */
export function compareLexemes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      const xs = x >= 0xd800 && x <= 0xdfff;
      const ys = y >= 0xd800 && y <= 0xdfff;
      if (xs !== ys) return xs ? 1 : -1;
      return x - y;
    }
  }
  return a.length - b.length;
}

/**
 * tsrank.c SortAndUniqItems: the operands sorted by their text with PostgreSQL's own qsort and
 * de-duplicated by text alone, so which of 'piscin' and 'piscin':* survives (and so whether the
 * rank counts prefix matches) depends on that sort's exact steps.
 */
function sortAndUniqOperands(items: TsQueryItem[]): { word: string; prefix: boolean }[] {
  const operands = items.filter((i): i is Extract<TsQueryItem, { type: "val" }> => i.type === "val");
  if (operands.length < 2) return operands.map(({ word, prefix }) => ({ word, prefix }));
  const compare = (a: (typeof operands)[number], b: (typeof operands)[number]) =>
    compareLexemes(a.word, b.word);
  pgQsort(operands, compare);
  const unique = [operands[0]!];
  for (let i = 1; i < operands.length; i++) {
    if (compare(operands[i]!, unique[unique.length - 1]!) !== 0) unique.push(operands[i]!);
  }
  return unique.map(({ word, prefix }) => ({ word, prefix }));
}

/** PostgreSQL's qsort (src/include/lib/sort_template.h), step for step: it is not stable. */
export function pgQsort<T>(data: T[], compare: (a: T, b: T) => number, start = 0, count = data.length): void {
  const cmp = (i: number, j: number) => compare(data[i]!, data[j]!);
  const swap = (i: number, j: number) => {
    const t = data[i]!;
    data[i] = data[j]!;
    data[j] = t;
  };
  const swapn = (i: number, j: number, n: number) => {
    for (let k = 0; k < n; k++) swap(i + k, j + k);
  };
  const med3 = (a: number, b: number, c: number) =>
    cmp(a, b) < 0 ? (cmp(b, c) < 0 ? b : cmp(a, c) < 0 ? c : a) : cmp(b, c) > 0 ? b : cmp(a, c) < 0 ? a : c;
  let a = start;
  let n = count;
  for (;;) {
    if (n < 7) {
      for (let pm = a + 1; pm < a + n; pm++) {
        for (let pl = pm; pl > a && cmp(pl - 1, pl) > 0; pl--) swap(pl, pl - 1);
      }
      return;
    }
    let presorted = true;
    for (let pm = a + 1; pm < a + n; pm++) {
      if (cmp(pm - 1, pm) > 0) {
        presorted = false;
        break;
      }
    }
    if (presorted) return;
    let pm = a + Math.floor(n / 2);
    if (n > 7) {
      let pl = a;
      let pn = a + n - 1;
      if (n > 40) {
        const d = Math.floor(n / 8);
        pl = med3(pl, pl + d, pl + 2 * d);
        pm = med3(pm - d, pm, pm + d);
        pn = med3(pn - 2 * d, pn - d, pn);
      }
      pm = med3(pl, pm, pn);
    }
    swap(a, pm);
    let pa = a + 1;
    let pb = pa;
    let pc = a + n - 1;
    let pd = pc;
    for (;;) {
      while (pb <= pc) {
        const r = cmp(pb, a);
        if (r > 0) break;
        if (r === 0) swap(pa++, pb);
        pb++;
      }
      while (pb <= pc) {
        const r = cmp(pc, a);
        if (r < 0) break;
        if (r === 0) swap(pc, pd--);
        pc--;
      }
      if (pb > pc) break;
      swap(pb++, pc--);
    }
    const pn = a + n;
    let d1 = Math.min(pa - a, pb - pa);
    swapn(a, pb - d1, d1);
    d1 = Math.min(pd - pc, pn - pd - 1);
    swapn(pb, pn - d1, d1);
    d1 = pb - pa;
    const d2 = pd - pc;
    if (d1 <= d2) {
      if (d1 > 1) pgQsort(data, compare, a, d1);
      if (d2 <= 1) return;
      a = pn - d2;
      n = d2;
    } else {
      if (d2 > 1) pgQsort(data, compare, pn - d2, d2);
      if (d1 <= 1) return;
      n = d1;
    }
  }
}

/** ts_rank's default weights (D, C, B, A) as the float4 values PostgreSQL holds. */
const WEIGHTS = [Math.fround(0.1), Math.fround(0.2), Math.fround(0.4), Math.fround(1.0)];

/**
 * What one lexeme of a listing adds to calc_rank_or's sum (before the division by the number
 * of operands), from the weights of its positions in order (0 = D … 3 = A). Every step rounds
 * to float4 where the C code works in float.
 */
export function lexemeContribution(weights: ArrayLike<number>, count = weights.length): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < count; j++) {
    const w = WEIGHTS[weights[j]!]!;
    resj = Math.fround(resj + Math.fround(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return Math.fround(Math.fround(wjm + resj) - Math.fround(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685;
}

const WEIGHT_OF = { A: 3, B: 2, C: 1, D: 0 } as Record<string, number>;

/**
 * Walks tsvector's text output ('a':1A,3 'b''c':2) in stored order, calling `visit` with each
 * lexeme, its positions (ascending, 1–16383) and their weights (0 = D … 3 = A). A lexeme stored
 * without positions comes as one position 0 of weight D (ts_rank counts it so; a phrase cannot
 * place it). The buffers are reused: read them during the call only.
 */
export function forEachLexeme(
  text: string,
  visit: (lexeme: string, weights: Uint8Array, count: number, positions: Uint16Array) => void,
): void {
  const weights = new Uint8Array(256); // a lexeme keeps at most 256 positions
  const positions = new Uint16Array(256);
  let i = 0;
  while (i < text.length) {
    if (text.charCodeAt(i) === 32) {
      i++;
      continue;
    }
    if (text[i] !== "'") throw new Error(`tsvector inesperado: ${text.slice(i, i + 20)}`);
    let end = text.indexOf("'", i + 1);
    let lexeme = text.slice(i + 1, end);
    if (text[end + 1] === "'" || lexeme.includes("\\")) {
      // A doubled quote or a backslash escape: read it character by character.
      lexeme = "";
      end = i + 1;
      for (;;) {
        const c = text[end]!;
        if (c === "'" && text[end + 1] === "'") {
          lexeme += "'";
          end += 2;
        } else if (c === "'") break;
        else if (c === "\\") {
          lexeme += text[end + 1];
          end += 2;
        } else {
          lexeme += c;
          end++;
        }
      }
    }
    i = end + 1;
    let count = 0;
    if (text[i] === ":") {
      i++;
      for (;;) {
        let position = 0;
        let c = text.charCodeAt(i);
        while (c >= 48 && c <= 57) {
          position = position * 10 + c - 48;
          c = text.charCodeAt(++i);
        }
        const weight = WEIGHT_OF[text[i]!];
        if (weight !== undefined) i++;
        positions[count] = position;
        weights[count++] = weight ?? 0;
        if (text.charCodeAt(i) !== 44) break;
        i++;
      }
    } else {
      positions[count] = 0;
      weights[count++] = 0; // no positions: ts_rank counts one position of weight D
    }
    visit(lexeme, weights, count, positions);
  }
}
