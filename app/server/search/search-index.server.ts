// The in-process search index (docs/decisions/008-in-process-search-index.md): the filterable and sortable columns of every published
// listing in compact typed arrays, plus an inverted index of its lexemes, so a search is a scan
// of memory instead of a count(*) and a sort over the table. It answers with the ids of one page
// and the total; search.server.ts then reads those rows by id. It must give exactly what the SQL
// search (searchPropertiesSql) gives — same rows, same order, same total — and
// search-index.server.test.ts checks that on a generated catalogue. Keeping it current is
// search-index-sync.server.ts's job.
import { FILTER_NAMES, type FilterColumn } from "../../lib/search-filter-table";
import type { SearchFilters } from "../../lib/search-params";
import { FINALIDADE_KEYS, TIPO_KEYS, type Tipo } from "../../lib/vocabulary";
import {
  bitsOf,
  GENERIC_COLUMNS,
  type IndexColumns,
  type IndexFilterInput,
  NO_MATCH,
  SERVER_FILTERS,
  type SlotNarrow,
} from "./filters.server";
import {
  type CompiledQuery,
  compareLexemes,
  forEachLexeme,
  hasPhrase,
  lexemeContribution,
  type MatchNode,
  type PhraseNode,
} from "./search-text.server";

/** One published listing as the index reads it (search-index-sync.server.ts). */
export interface IndexedListing {
  id: number;
  /** upper(referencia), as PostgreSQL computes it. */
  referenciaKey: string;
  tipo: string;
  finalidades: string[];
  precoVenda: number | null;
  precoAluguel: number | null;
  /** The rent per night (nightlyPrice in filters.server.ts), as PostgreSQL computes it. */
  nightlyPrice: number | null;
  precoSobConsulta: boolean;
  areaUtil: number | null;
  areaTotal: number | null;
  /** The generic filters' columns (filters.server.ts, GENERIC_COLUMNS), as selected. */
  columns: Partial<Record<FilterColumn, unknown>>;
  /** lower(f_unaccent(cidade)) and lower(f_unaccent(bairro)), as PostgreSQL computes them. */
  cidadeKey: string;
  bairroKey: string;
  status: string;
  destaque: boolean;
  /** published_at in microseconds since the epoch (timestamptz precision), null when unset. */
  publishedUs: number | null;
  /** The search vector as PostgreSQL prints it (search_vector::text). */
  vector: string;
  /** The map point a visitor sees (publicPoint), null without coordinates. */
  mapPoint: { lat: number; lng: number } | null;
}

export interface IndexQuery extends IndexFilterInput {
  /**
   * The free-text part: the compiled tsquery, upper(q) for the referência match, and a key that
   * names both (the same words and referência, the same key: SearchIndex.keptMatches).
   */
  text?: { query: CompiledQuery; referenciaKey: string; key: string };
  offset: number;
  limit: number;
}

export interface IndexAnswer {
  total: number;
  /** The ids of the page, in order. */
  ids: number[];
}

type Typed = Int32Array | Int16Array | Uint8Array | Uint16Array | Uint32Array | Float64Array;

function grown<T extends Typed>(array: T, size: number): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2, 64));
  next.set(array);
  return next;
}

/**
 * The listings (slots) that contain one lexeme, each with its weight pattern and where its
 * positions start among its slot's positions (SearchIndex.positions).
 */
class Postings {
  slots = new Int32Array(4);
  patterns = new Uint16Array(4);
  starts = new Uint16Array(4);
  length = 0;
  push(slot: number, pattern: number, start: number): void {
    if (this.length === this.slots.length) {
      this.slots = grown(this.slots, this.length + 1);
      this.patterns = grown(this.patterns, this.length + 1);
      this.starts = grown(this.starts, this.length + 1);
    }
    this.slots[this.length] = slot;
    this.starts[this.length] = start;
    this.patterns[this.length++] = pattern;
  }
}

const SOLD = new Set(["vendido", "alugado"]);
/**
 * A search's kept matches (SearchIndex.keptMatches): the live slots in slot order, and for words
 * searched by relevance the same slots in the relevance order.
 */
interface KeptMatches {
  slots: Int32Array;
  ranked?: Int32Array;
}

const keptLength = (kept: KeptMatches) => kept.slots.length + (kept.ranked?.length ?? 0);

/** Bounds of SearchIndex.keptMatches. */
const MAX_KEPT = 256;
const KEPT_SLOTS_PER_LISTING = 16;
const MAX_SETS_SEEN = 4096;
const MAX_PATTERNS = 0xffff;

/**
 * A slot per listing version: an update retires the listing's slot and appends a new one, so
 * postings only ever grow at their end. Retired slots are skipped; the owner rebuilds the index
 * when too many pile up (see `retired`).
 */
export class SearchIndex {
  size = 0;
  retired = 0;
  private alive = new Uint8Array(0);
  private id = new Int32Array(0);
  private sold = new Uint8Array(0);
  private destaque = new Uint8Array(0);
  /** published_at, −∞ when unset: "desc nulls last" becomes a plain descending order. */
  private published = new Float64Array(0);
  private tipoBit = new Uint32Array(0);
  private finalidades = new Uint8Array(0);
  private cidade = new Int32Array(0);
  private bairro = new Int32Array(0);
  /**
   * The prices a search compares (comparedPrice in filters.server.ts), NaN for its null ("sob
   * consulta" included): sale, rent, rent per night (temporada), and the sale price else the
   * rent for a search of any finalidade.
   */
  private precoVenda = new Float64Array(0);
  private precoAluguel = new Float64Array(0);
  private nightly = new Float64Array(0);
  private preco = new Float64Array(0);
  private area = new Float64Array(0);
  private mapLat = new Float64Array(0);
  private mapLng = new Float64Array(0);
  /** The generic filters' columns, one number per slot (filters.server.ts encodes them). */
  private readonly generic = new Map(
    GENERIC_COLUMNS.map((spec) => [spec.column, { spec, cells: new spec.array(0) }]),
  );
  private readonly slotById = new Map<number, number>();
  private readonly slotByReferencia = new Map<string, number>();
  private readonly referencia: string[] = [];
  private readonly places = new Map<string, number>();
  private readonly lexemes = new Map<string, Postings>();
  /** The lexemes in PostgreSQL's byte order, rebuilt when one is added (for prefix ranges). */
  private sortedLexemes: string[] | null = null;
  private readonly patternIds = new Map<number | string, number>();
  private readonly contributions: number[] = [];
  /** The number of positions of each weight pattern. */
  private readonly patternSizes: number[] = [];
  /**
   * Every slot's positions, lexeme after lexeme in the vector's order (2 bytes each; a
   * position is at most 16383), from `positionStart[slot]`: what a phrase is checked against.
   */
  private positions = new Uint16Array(0);
  private positionsLength = 0;
  private positionStart = new Uint32Array(0);
  /** Weight patterns overflowed a 16-bit id: text queries go to SQL (never seen in practice). */
  textUnsupported = false;
  /**
   * A vector without positions (a phrase cannot place its words) or with more than 65 535 of
   * them (a posting's start is 16-bit): queries with phrases go to SQL (never seen in practice).
   */
  phrasesUnsupported = false;

  /** Gives back the spare capacity of the postings (after a full build: up to half of them). */
  trim(): void {
    for (const postings of this.lexemes.values()) {
      postings.slots = postings.slots.slice(0, postings.length);
      postings.patterns = postings.patterns.slice(0, postings.length);
      postings.starts = postings.starts.slice(0, postings.length);
    }
    this.positions = this.positions.slice(0, this.positionsLength);
  }

  /** Bytes held in typed arrays (columns, postings, positions): most of the index's memory. */
  get arrayBytes(): number {
    let bytes = 0;
    for (const value of Object.values(this)) if (ArrayBuffer.isView(value)) bytes += value.byteLength;
    for (const { cells } of this.generic.values()) bytes += cells.byteLength;
    for (const p of this.lexemes.values()) {
      bytes += p.slots.byteLength + p.patterns.byteLength + p.starts.byteLength;
    }
    return bytes;
  }

  get count(): number {
    return this.slotById.size;
  }

  has(id: number): boolean {
    return this.slotById.has(id);
  }

  remove(id: number): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.alive[slot] = 0;
    this.forgetLists();
    this.slotById.delete(id);
    const key = this.referencia[slot]!;
    if (this.slotByReferencia.get(key) === slot) this.slotByReferencia.delete(key);
    this.retired++;
  }

  /** Adds (or replaces) a listing. */
  put(listing: IndexedListing): void {
    this.remove(listing.id);
    const s = this.size++;
    if (s >= this.alive.length) this.grow(s + 1);
    this.alive[s] = 1;
    this.forgetLists();
    this.id[s] = listing.id;
    this.sold[s] = SOLD.has(listing.status) ? 1 : 0;
    this.destaque[s] = listing.destaque ? 1 : 0;
    this.published[s] = listing.publishedUs ?? Number.NEGATIVE_INFINITY;
    this.tipoBit[s] = bitsOf(TIPO_KEYS, [listing.tipo as Tipo]);
    this.finalidades[s] = bitsOf(FINALIDADE_KEYS, listing.finalidades);
    this.cidade[s] = this.place(listing.cidadeKey);
    this.bairro[s] = this.place(listing.bairroKey);
    const hidden = listing.precoSobConsulta;
    this.precoVenda[s] = hidden ? Number.NaN : (listing.precoVenda ?? Number.NaN);
    this.precoAluguel[s] = hidden ? Number.NaN : (listing.precoAluguel ?? Number.NaN);
    this.nightly[s] = hidden ? Number.NaN : (listing.nightlyPrice ?? Number.NaN);
    this.preco[s] = hidden ? Number.NaN : (listing.precoVenda ?? listing.precoAluguel ?? Number.NaN);
    this.area[s] = listing.areaUtil ?? listing.areaTotal ?? Number.NaN;
    this.mapLat[s] = listing.mapPoint?.lat ?? Number.NaN;
    this.mapLng[s] = listing.mapPoint?.lng ?? Number.NaN;
    for (const { spec, cells } of this.generic.values()) cells[s] = spec.encode(listing.columns[spec.column]);
    this.slotById.set(listing.id, s);
    this.slotByReferencia.set(listing.referenciaKey, s);
    this.referencia[s] = listing.referenciaKey;
    this.positionStart[s] = this.positionsLength;
    let start = 0;
    forEachLexeme(listing.vector, (lexeme, weights, count, positions) => {
      let postings = this.lexemes.get(lexeme);
      if (!postings) {
        postings = new Postings();
        this.lexemes.set(lexeme, postings);
        this.sortedLexemes = null;
      }
      if (positions[0] === 0 || start + count > 0xffff) this.phrasesUnsupported = true;
      postings.push(s, this.pattern(weights, count), start);
      if (this.positionsLength + count > this.positions.length) {
        // A quarter more, not double: after trim() an update would otherwise add ~14 MiB at
        // 100 000 listings for a few bytes.
        const next = new Uint16Array(
          Math.max(this.positionsLength + count + 4096, Math.floor(this.positions.length * 1.25)),
        );
        next.set(this.positions.subarray(0, this.positionsLength));
        this.positions = next;
      }
      this.positions.set(positions.subarray(0, count), this.positionsLength);
      this.positionsLength += count;
      start += count;
    });
  }

  private place(key: string): number {
    let code = this.places.get(key);
    if (code === undefined) {
      code = this.places.size;
      this.places.set(key, code);
    }
    return code;
  }

  private pattern(weights: Uint8Array, count: number): number {
    // Base 4 with a leading 1, so [0] and [0, 0] differ; long patterns fall back to a string.
    let key: number | string = 1;
    if (count <= 20) for (let j = 0; j < count; j++) key = key * 4 + weights[j]!;
    else key = weights.subarray(0, count).join("");
    let id = this.patternIds.get(key);
    if (id === undefined) {
      if (this.contributions.length >= MAX_PATTERNS) {
        this.textUnsupported = true;
        return 0;
      }
      id = this.contributions.length;
      this.contributions.push(lexemeContribution(weights, count));
      this.patternSizes.push(count);
      this.patternIds.set(key, id);
    }
    return id;
  }

  private grow(size: number): void {
    this.alive = grown(this.alive, size);
    this.id = grown(this.id, size);
    this.sold = grown(this.sold, size);
    this.destaque = grown(this.destaque, size);
    this.published = grown(this.published, size);
    this.tipoBit = grown(this.tipoBit, size);
    this.finalidades = grown(this.finalidades, size);
    this.cidade = grown(this.cidade, size);
    this.bairro = grown(this.bairro, size);
    this.precoVenda = grown(this.precoVenda, size);
    this.precoAluguel = grown(this.precoAluguel, size);
    this.nightly = grown(this.nightly, size);
    this.preco = grown(this.preco, size);
    this.area = grown(this.area, size);
    this.mapLat = grown(this.mapLat, size);
    this.mapLng = grown(this.mapLng, size);
    for (const column of this.generic.values()) column.cells = grown(column.cells, size);
    this.positionStart = grown(this.positionStart, size);
  }

  /** The postings of the lexemes an operand matches, in PostgreSQL's byte order. */
  private postingsFor(word: string, prefix: boolean): Postings[] {
    if (!prefix) {
      const postings = this.lexemes.get(word);
      return postings ? [postings] : [];
    }
    if (!this.sortedLexemes) this.sortedLexemes = [...this.lexemes.keys()].sort(compareLexemes);
    const sorted = this.sortedLexemes;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareLexemes(sorted[middle]!, word) < 0) low = middle + 1;
      else high = middle;
    }
    const out: Postings[] = [];
    for (let i = low; i < sorted.length && sorted[i]!.startsWith(word); i++) {
      out.push(this.lexemes.get(sorted[i]!)!);
    }
    return out;
  }

  // Scratch buffers reused by every search: a search runs synchronously from start to end.
  private spareBits: Uint8Array[] = [];
  private selection = new Int32Array(0);
  /** The live slots in order, kept until a put or a remove (search, with no text). */
  private aliveSlots: Int32Array | null = null;
  /** The live slots per place code or finalidade bit, in order, kept until a put or a remove (SlotNarrow.passing). */
  private passingLists = new Map<string, Int32Array>();
  private spareRank = new Float32Array(0);

  /**
   * The live listings that match a search's words and pass its filters with few values (a place,
   * a finalidade, a count: `SlotNarrow.key`), kept from the second search with that set since the
   * last put or remove, in slot order; words searched by relevance keep all their matches, in the
   * relevance order (their ranks computed and sorted once). The next search with that set,
   * whatever its price, area or page (the long tail of URLs a crawler or a visitor makes), only
   * applies its other tests and picks its page (decision 043). Kept from the second time on, so
   * a set searched once costs no copy or sort.
   */
  private keptMatches = new Map<string, KeptMatches>();
  private keptSlots = 0;
  private setsSeen = new Set<string>();

  private forgetLists(): void {
    this.aliveSlots = null;
    if (this.passingLists.size > 0) this.passingLists.clear();
    if (this.setsSeen.size > 0) {
      this.keptMatches.clear();
      this.keptSlots = 0;
      this.setsSeen.clear();
    }
  }

  private keepMatches(key: string, matches: KeptMatches): void {
    this.keptMatches.set(key, matches);
    this.keptSlots += keptLength(matches);
    // At most MAX_KEPT lists and KEPT_SLOTS_PER_LISTING × the catalogue's slots in all (the
    // oldest go first): 6.4 MB at 100 000 listings.
    while (
      this.keptMatches.size > MAX_KEPT ||
      (this.keptSlots > KEPT_SLOTS_PER_LISTING * this.size && this.keptMatches.size > 1)
    ) {
      const [oldest, list] = this.keptMatches.entries().next().value!;
      this.keptMatches.delete(oldest);
      this.keptSlots -= keptLength(list);
    }
  }

  private slotsWithPlace(column: "cidade" | "bairro", code: number): Int32Array {
    const cells = this[column];
    return this.passingList(`${column}:${code}`, (s) => cells[s] === code);
  }

  private slotsWithFinalidade(bit: number): Int32Array {
    const cells = this.finalidades;
    return this.passingList(`finalidade:${bit}`, (s) => (cells[s]! & bit) !== 0);
  }

  /** The live slots that pass `test`, in order, built once until the next put or remove. */
  private passingList(key: string, test: (slot: number) => boolean): Int32Array {
    let list = this.passingLists.get(key);
    if (!list) {
      const alive = this.alive;
      const out = new Int32Array(this.size);
      let length = 0;
      for (let s = 0; s < this.size; s++) if (alive[s] === 1 && test(s)) out[length++] = s;
      list = out.slice(0, length);
      this.passingLists.set(key, list);
    }
    return list;
  }

  private takeBits(): Uint8Array {
    const bits = this.spareBits.pop();
    if (bits && bits.length >= this.size) return bits.fill(0, 0, this.size);
    return new Uint8Array(this.alive.length);
  }

  /**
   * tsvector @@ tsquery for every slot at once: 1 = matches (NOT is plain negation outside
   * phrases). With `within`, only the slots it marks need a right answer: an AND checks the
   * positions of a phrase only where its other side already matched.
   */
  private matchAll(node: MatchNode, within: Uint8Array | null = null): Uint8Array {
    const n = this.size;
    if (node.op === "phrase") return this.matchPhrase(node, within);
    if (node.op === "val") {
      const bits = this.takeBits();
      for (const postings of this.postingsFor(node.word, node.prefix)) {
        const slots = postings.slots;
        for (let i = 0; i < postings.length; i++) bits[slots[i]!] = 1;
      }
      return bits;
    }
    if (node.op === "not") {
      const bits = this.matchAll(node.child, within);
      for (let i = 0; i < n; i++) bits[i] = bits[i]! ^ 1;
      return bits;
    }
    if (node.op === "and") {
      const [first, second] = hasPhrase(node.left) ? [node.right, node.left] : [node.left, node.right];
      const left = this.matchAll(first, within);
      const right = this.matchAll(second, left); // right where `left` holds: where it matters
      for (let i = 0; i < n; i++) left[i] = left[i]! & right[i]!;
      this.spareBits.push(right);
      return left;
    }
    const left = this.matchAll(node.left, within);
    const right = this.matchAll(node.right, within);
    for (let i = 0; i < n; i++) left[i] = left[i]! | right[i]!;
    this.spareBits.push(right);
    return left;
  }

  /**
   * A phrase of words for every slot: the slots holding all its words (postings), then, for each,
   * the words' positions. In TS_phrase_execute a phrase ends where its right side ends and matches
   * where its left side ends `distance` plus the right side's width before that; for a phrase of
   * words that makes each word sit at a fixed offset before the end (`'pe-direit' <-> 'pe' <->
   * 'direit'`: 2, 1, 0), so a slot matches when one end has every word at its offset.
   */
  private matchPhrase(node: Extract<PhraseNode, { op: "phrase" }>, within: Uint8Array | null): Uint8Array {
    const bits = this.takeBits();
    const words: string[] = [];
    const leafWord: number[] = [];
    const leafOffset: number[] = [];
    const place = (part: PhraseNode, offset: number): number => {
      if (part.op === "val") {
        if (!words.includes(part.word)) words.push(part.word);
        leafWord.push(words.indexOf(part.word));
        leafOffset.push(offset);
        return 0; // its width
      }
      const right = place(part.right, offset);
      const left = place(part.left, offset + part.distance + right);
      return part.distance + left + right;
    };
    place(node, 0);
    const lists = words.map((word) => this.lexemes.get(word));
    if (lists.some((postings) => postings === undefined)) return bits; // a word no listing has
    // The rarest word leads: only its slots can match.
    const postings = (lists as Postings[]).map((list, word) => ({ list, word }));
    postings.sort((a, b) => a.list.length - b.list.length);
    const rank = new Int32Array(words.length);
    postings.forEach(({ word }, r) => {
      rank[word] = r;
    });
    markPhraseMatches(bits, within, {
      slots: postings.map(({ list }) => list.slots),
      starts: postings.map(({ list }) => list.starts),
      patterns: postings.map(({ list }) => list.patterns),
      lengths: Int32Array.from(postings, ({ list }) => list.length),
      leafList: Int32Array.from(leafWord, (word) => rank[word]!),
      leafOffset: Int32Array.from(leafOffset),
      positions: this.positions,
      positionStart: this.positionStart,
      patternSizes: this.patternSizes,
    });
    return bits;
  }

  /**
   * ts_rank(search_vector, query) (calc_rank_or, float4 at every step) for the first `total`
   * slots of `selection`, the ones still in the running; other slots keep a partial sum nobody reads.
   */
  private rankAll(query: CompiledQuery, selection: Int32Array, total: number): Float32Array {
    if (this.spareRank.length < this.size) this.spareRank = new Float32Array(this.alive.length);
    const rank = this.spareRank.fill(0, 0, this.size);
    const operands = query.rankOperands;
    if (operands.length === 0) return rank;
    const contributions = this.contributions;
    for (const operand of operands) {
      for (const postings of this.postingsFor(operand.word, operand.prefix)) {
        const { slots, patterns } = postings;
        // Float32Array stores round to float4, as `res = res + …` does in C.
        for (let i = 0; i < postings.length; i++) {
          const s = slots[i]!;
          rank[s] = rank[s]! + contributions[patterns[i]!]!;
        }
      }
    }
    const count = operands.length;
    for (let i = 0; i < total; i++) {
      const s = selection[i]!;
      rank[s] = rank[s]! / count;
    }
    return rank;
  }

  /** The total and one page of ids, or undefined when the text part must go to SQL. */
  search(q: IndexQuery): IndexAnswer | undefined {
    const f = q.filters;
    if (q.text && this.textUnsupported) return undefined;
    if (q.text?.query.hasPhrases && this.phrasesUnsupported) return undefined;
    const narrows = this.filter(q);
    if (narrows === null) return { total: 0, ids: [] }; // a place no listing has
    const n = this.size;
    const alive = this.alive;
    if (this.selection.length < n) this.selection = new Int32Array(this.alive.length);
    const slots = this.selection;
    // The filters with few values (their set is kept with the words) and the others. Words by
    // relevance keep their matches alone, sorted once whatever the filters (a sort per set of
    // filters would cost a flood of distinct ones dearly): every filter narrows that list.
    const ranked = q.text !== undefined && f.ordem === "relevancia";
    const named: SlotNarrow[] = [];
    const others: SlotNarrow[] = [];
    for (const narrow of narrows) (narrow.key === undefined || ranked ? others : named).push(narrow);
    const setKey = [q.text?.key ?? "", ranked ? "ranked" : "", ...named.map((x) => x.key).sort()].join(
      "\u0001",
    );
    const kept = this.keptMatches.get(setKey);
    if (kept) {
      this.keptMatches.delete(setKey); // the most recently used go last
      this.keptMatches.set(setKey, kept);
      return this.fromKept(kept, others, q);
    }
    // A set that narrows nothing (no words, no such filter) is every listing: aliveSlots has it.
    const keep = (q.text !== undefined || named.length > 0) && this.setsSeen.has(setKey);
    if (this.setsSeen.size >= MAX_SETS_SEEN) this.setsSeen.clear();
    this.setsSeen.add(setKey);

    let candidates: Uint8Array | null = null;
    /** One word that is one lexeme (`'cobertur':*` with no other lexeme under it): its postings are the candidates. */
    let posted: Postings | null = null;
    if (q.text) {
      const tree = q.text.query.tree;
      const byReferencia = this.slotByReferencia.get(q.text.referenciaKey);
      const lists =
        tree?.op === "val" && byReferencia === undefined ? this.postingsFor(tree.word, tree.prefix) : [];
      if (lists.length === 1) posted = lists[0]!;
      else candidates = tree ? this.matchAll(tree) : this.takeBits();
      if (candidates && byReferencia !== undefined && candidates[byReferencia] !== 1) {
        if (q.text.query.sameRankForMatches && ranked) {
          this.spareBits.push(candidates);
          return undefined; // its rank is one only SQL computes (CompiledQuery)
        }
        candidates[byReferencia] = 1;
      }
    }
    // The shortest list a filter keeps (a place's or a finalidade's listings), unless the words'
    // postings already are the candidates: the search starts from it and skips that filter.
    let start: Int32Array | null = null;
    let startNarrow: SlotNarrow | null = null;
    if (!posted) {
      for (const narrow of named) {
        const list = narrow.passing?.();
        if (list && (start === null || list.length < start.length)) {
          start = list;
          startNarrow = narrow;
        }
      }
    }
    // The slots still in the running, narrowed by one filter after another (SlotNarrow).
    let total = 0;
    // Written without a branch on the test (as the `keep*` loops in filters.server.ts are).
    if (posted) {
      const { slots: matching, length } = posted;
      for (let i = 0; i < length; i++) {
        const s = matching[i]!;
        slots[total] = s;
        total += alive[s]!;
      }
    } else if (candidates) {
      if (start) {
        for (let i = 0; i < start.length; i++) {
          const s = start[i]!;
          slots[total] = s;
          total += candidates[s]!; // start holds live slots only
        }
      } else {
        for (let s = 0; s < n; s++) {
          slots[total] = s;
          total += alive[s]! & candidates[s]!;
        }
      }
      this.spareBits.push(candidates);
    } else if (start) {
      slots.set(start);
      total = start.length;
    } else {
      // Every listing: the same list until a listing is added or removed.
      if (!this.aliveSlots) {
        for (let s = 0; s < n; s++) {
          slots[total] = s;
          total += alive[s]!;
        }
        this.aliveSlots = slots.slice(0, total);
      }
      slots.set(this.aliveSlots);
      total = this.aliveSlots.length;
    }
    for (const narrow of named) {
      if (total === 0) break;
      if (narrow !== startNarrow) total = narrow(slots, total);
    }
    const rank = ranked ? this.rankAll(q.text!.query, slots, total) : null;
    if (keep) {
      const matches = slots.slice(0, total);
      const kept = rank
        ? { slots: matches, ranked: matches.slice().sort(this.comparator(f, rank)) }
        : { slots: matches };
      this.keepMatches(setKey, kept);
      return this.fromKept(kept, others, q);
    }
    return this.page(q, total, others, this.comparator(f, rank));
  }

  /**
   * A search answered from kept matches: the `others` filters count the survivors over the slot
   * order (the columns read in their own order: in the ranked order the same pass read them at
   * random and cost 2–3× as much with the page's render between searches), and a ranked set's
   * page is its first survivors in the ranked order, tested a chunk at a time.
   */
  private fromKept(kept: KeptMatches, others: SlotNarrow[], q: IndexQuery): IndexAnswer {
    this.selection.set(kept.slots);
    if (!kept.ranked) return this.page(q, kept.slots.length, others, this.comparator(q.filters, null));
    let total = kept.slots.length;
    for (const narrow of others) {
      if (total === 0) break;
      total = narrow(this.selection, total);
    }
    const ranked = kept.ranked;
    const wanted = Math.min(q.offset + q.limit, total);
    const found: number[] = [];
    const chunk = this.chunk;
    for (let from = 0; from < ranked.length && found.length < wanted; from += chunk.length) {
      const end = Math.min(from + chunk.length, ranked.length);
      chunk.set(ranked.subarray(from, end));
      let count = end - from;
      for (const narrow of others) {
        if (count === 0) break;
        count = narrow(chunk, count);
      }
      for (let i = 0; i < count && found.length < wanted; i++) found.push(chunk[i]!);
    }
    const id = this.id;
    return { total, ids: found.slice(q.offset).map((s) => id[s]!) };
  }

  private readonly chunk = new Int32Array(256);

  /** The page of the first `count` slots of the selection once the `others` filters narrowed them, by `compare`. */
  private page(
    q: IndexQuery,
    count: number,
    others: SlotNarrow[],
    compare: (a: number, b: number) => number,
  ): IndexAnswer {
    const slots = this.selection;
    let total = count;
    for (const narrow of others) {
      if (total === 0) break;
      total = narrow(slots, total);
    }
    const top = new TopK(q.offset + q.limit, compare);
    for (let i = 0; i < total; i++) top.offer(slots[i]!);
    const id = this.id;
    return {
      total,
      ids: top
        .sorted()
        .slice(q.offset)
        .map((s) => id[s]!),
    };
  }

  /** The WHERE clause: every set filter's narrowing (filters.server.ts); null when nothing can match. */
  private filter(q: IndexQuery): SlotNarrow[] | null {
    const columns = this.columns();
    const narrows: SlotNarrow[] = [];
    for (const name of FILTER_NAMES) {
      const narrow = SERVER_FILTERS[name].index(q, columns);
      if (narrow === NO_MATCH) return null;
      if (narrow) narrows.push(narrow);
    }
    return narrows;
  }

  /** What the filters' tests read (the arrays as they are now: growing replaces them). */
  private columns(): IndexColumns {
    const generic = this.generic;
    return {
      finalidades: this.finalidades,
      tipoBit: this.tipoBit,
      cidade: this.cidade,
      bairro: this.bairro,
      area: this.area,
      mapLat: this.mapLat,
      mapLng: this.mapLng,
      placeCode: (key) => this.places.get(key),
      slotsWithPlace: (column, code) => this.slotsWithPlace(column, code),
      slotsWithFinalidade: (bit) => this.slotsWithFinalidade(bit),
      price: (finalidade) => this.price(finalidade),
      column: (name) => {
        const column = generic.get(name);
        if (!column) throw new Error(`índice de busca: coluna ${name} ausente`);
        return column.cells;
      },
    };
  }

  /** comparedPrice in filters.server.ts: NaN stands for its null. */
  private price(finalidade: SearchFilters["finalidade"]): Float64Array {
    if (finalidade === "venda") return this.precoVenda;
    if (finalidade === "temporada") return this.nightly;
    return finalidade === "aluguel" ? this.precoAluguel : this.preco;
  }

  /** ORDER BY of search.server.ts as a comparator on slots (negative = a comes first). */
  private comparator(f: SearchFilters, rank: Float32Array | null): (a: number, b: number) => number {
    // Each order written out whole: a comparator calling a key comparator (one per order) was a
    // call V8 could not inline, made for every listing offered. −∞ − −∞ (two unset
    // published_at) is NaN, which `||` passes over as a tie.
    const { sold, destaque, published, area, id } = this;
    const price = this.price(f.finalidade);
    switch (f.ordem) {
      case "menor-preco":
        return (a, b) => sold[a]! - sold[b]! || nullsLast(price[a]!, price[b]!, 1) || id[b]! - id[a]!;
      case "maior-preco":
        return (a, b) => sold[a]! - sold[b]! || nullsLast(price[a]!, price[b]!, -1) || id[b]! - id[a]!;
      case "recentes":
        return (a, b) => sold[a]! - sold[b]! || published[b]! - published[a]! || id[b]! - id[a]!;
      case "maior-area":
        return (a, b) => sold[a]! - sold[b]! || nullsLast(area[a]!, area[b]!, -1) || id[b]! - id[a]!;
      default:
        return rank
          ? (a, b) =>
              sold[a]! - sold[b]! ||
              rank[b]! - rank[a]! ||
              destaque[b]! - destaque[a]! ||
              published[b]! - published[a]! ||
              id[b]! - id[a]!
          : (a, b) =>
              sold[a]! - sold[b]! ||
              destaque[b]! - destaque[a]! ||
              published[b]! - published[a]! ||
              id[b]! - id[a]!;
    }
  }
}

/** The words of a phrase as SearchIndex.matchPhrase hands them over, rarest first. */
interface PhraseLists {
  slots: Int32Array[];
  starts: Uint16Array[];
  patterns: Uint16Array[];
  lengths: Int32Array;
  /** Each word occurrence of the phrase (last word first): its list, and its offset before the end. */
  leafList: Int32Array;
  leafOffset: Int32Array;
  positions: Uint16Array;
  positionStart: Uint32Array;
  patternSizes: number[];
}

/**
 * Sets the bit of each slot (among `within`'s) where the phrase matches. Kept apart from the
 * class, on plain typed arrays: a loop over objects of several shapes kept V8 deoptimising it.
 */
function markPhraseMatches(bits: Uint8Array, within: Uint8Array | null, p: PhraseLists): void {
  const { slots, starts, patterns, lengths, leafList, leafOffset, positions, positionStart, patternSizes } =
    p;
  const words = lengths.length;
  const leaves = leafList.length;
  const cursor = new Int32Array(words);
  const begin = new Int32Array(leaves);
  const end = new Int32Array(leaves);
  const leader = slots[0]!;
  // The postings are in slot order: walk the leader's and move the others' cursors forwards
  // (memory read forwards, the positions included).
  candidates: for (let i = 0; i < lengths[0]!; i++) {
    const slot = leader[i]!;
    if (within !== null && within[slot] !== 1) continue;
    cursor[0] = i;
    for (let w = 1; w < words; w++) {
      const list = slots[w]!;
      const length = lengths[w]!;
      let c = cursor[w]!;
      while (c < length && list[c]! < slot) c++;
      cursor[w] = c;
      if (c === length) return;
      if (list[c] !== slot) continue candidates;
    }
    const base = positionStart[slot]!;
    for (let leaf = 0; leaf < leaves; leaf++) {
      const w = leafList[leaf]!;
      const at = cursor[w]!;
      begin[leaf] = base + starts[w]![at]!;
      end[leaf] = begin[leaf]! + patternSizes[patterns[w]![at]!]!;
    }
    // Each position of the first word proposes an end; every other word must be in place.
    ends: for (let k = begin[0]!; k < end[0]!; k++) {
      const phraseEnd = positions[k]! + leafOffset[0]!;
      for (let leaf = 1; leaf < leaves; leaf++) {
        const wanted = phraseEnd - leafOffset[leaf]!;
        let j = begin[leaf]!;
        while (j < end[leaf]! && positions[j]! < wanted) j++;
        if (j === end[leaf]! || positions[j] !== wanted) continue ends;
      }
      bits[slot] = 1;
      continue candidates;
    }
  }
}

/** Compares two nullable (NaN) numbers in a direction (1 asc, -1 desc), nulls last. */
function nullsLast(x: number, y: number, direction: 1 | -1): number {
  const xn = Number.isNaN(x);
  const yn = Number.isNaN(y);
  if (xn || yn) return xn === yn ? 0 : xn ? 1 : -1;
  return x === y ? 0 : x < y ? -direction : direction;
}

/** The first k of the items offered, in order (a bounded max-heap: the worst kept on top). */
class TopK {
  private heap = new Int32Array(64);
  private size = 0;

  constructor(
    private readonly k: number,
    private readonly compare: (a: number, b: number) => number,
  ) {}

  offer(item: number): void {
    const { heap, compare } = this;
    if (this.size < this.k) {
      if (this.size === heap.length) this.heap = grown(heap, this.size + 1);
      let i = this.size++;
      this.heap[i] = item;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (compare(this.heap[parent]!, item) >= 0) break;
        this.heap[i] = this.heap[parent]!;
        this.heap[parent] = item;
        i = parent;
      }
    } else if (this.k > 0 && compare(item, heap[0]!) < 0) {
      heap[0] = item;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < this.size && compare(heap[l]!, heap[top]!) > 0) top = l;
        if (r < this.size && compare(heap[r]!, heap[top]!) > 0) top = r;
        if (top === i) return;
        heap[i] = heap[top]!;
        heap[top] = item;
        i = top;
      }
    }
  }

  sorted(): number[] {
    return Array.from(this.heap.subarray(0, this.size)).sort(this.compare);
  }
}
