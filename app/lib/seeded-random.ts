// Seeded pseudo-random numbers: the same seed gives the same sequence on every machine, so the
// demo catalogue (app/server/demo/) is the same on every install and a randomised test can be
// replayed from its seed. Not for anything secret (node:crypto is).

export type Rng = () => number;

/** mulberry32: tiny, fast and good enough for pictures, listings and test data. Numbers in [0, 1). */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Choices drawn from one stream; each call takes a fixed number of draws, so runs replay exactly. */
export class SeededRandom {
  readonly next: Rng;
  constructor(seedOrRng: number | Rng) {
    this.next = typeof seedOrRng === "number" ? createRng(seedOrRng) : seedOrRng;
  }
  float(min = 0, max = 1): number {
    return min + this.next() * (max - min);
  }
  /** An integer from min to max, both included. */
  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }
  /** Shuffles `items` in place (Fisher–Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
  /** Each item kept with probability p, in their order. */
  subset<T>(items: readonly T[], p: number): T[] {
    return items.filter(() => this.next() < p);
  }
  /** A few distinct items, in random order. */
  some<T>(items: readonly T[], count: number): T[] {
    return this.shuffle([...items]).slice(0, Math.max(0, Math.min(count, items.length)));
  }
}
