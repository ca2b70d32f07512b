// The search by dates (decision 040) at 10 000 temporada listings with about a year of taken
// nights each: searchProperties, the loader's function, in process on PGlite (and on PostgreSQL
// with BENCH_DATABASE_URL: a throwaway database, emptied). Each listing has its terms (seasons
// with a réveillon) and stays of 3–10 nights with gaps of 2–21 free nights over the next 365 days
// (about 40 % of the nights taken), written as rows of rental_nights like the calendar's:
// the rows a confirmed booking or an agency's block leaves. A step of `npm run bench`
// (`--only search-dates`, bench/run.ts: docs/benchmarks.md section 2c), or alone, printing the
// table:
//
//   npx tsx bench/search-dates.ts            BENCH_DATES_SIZE=10000 BENCH_ITERATIONS=30
//
// BENCH_DATES_KEEP=1 keeps the seeded data folder (BENCH_DATES_DIR, ./bench-data-dates) and reuses
// it on the next run when it holds the same size (another checkout can measure the same data) (to profile: `node --cpu-prof --import tsx bench/search-dates.ts`,
// then bench/cpu-profile.ts).
import { rm } from "node:fs/promises";
import { count, gte, sql } from "drizzle-orm";
import { maceioClock } from "../app/lib/maceio-time";
import { addDays } from "../app/lib/rental";
import { parseSearchFilters } from "../app/lib/search-filters";
import { staySearchOf } from "../app/lib/search-stay";
import { SeededRandom } from "../app/lib/seeded-random";
import { bumpDataVersion } from "../app/server/cache/data-version.server";
import { loadConfig } from "../app/server/config.server";
import { properties, rentalNights, rentalTerms } from "../app/server/db/schema.server";
import { searchProperties } from "../app/server/search/search.server";
import { warmSearchIndex } from "../app/server/search/search-index-sync.server";
import { closeServices, openServices } from "../app/server/services.server";
import { type SearchResultRow, searchLatencyTable } from "./search";
import { percentile, progress } from "./util";

const CITIES = ["Maragogi", "Maceió", "São Miguel dos Milagres", "Japaratinga", "Barra de São Miguel"];

export interface SearchDatesResult {
  size: number;
  nightRows: number;
  /** Seeding the catalogue and its taken nights (s). */
  seedSeconds: number;
  rows: SearchResultRow[];
}

export async function benchSearchDates(options: {
  size: number;
  iterations: number;
  dataDir: string;
  databaseUrl?: string;
  /** Keep the data folder, and reuse it when it already holds `size` listings. */
  keep?: boolean;
}): Promise<SearchDatesResult> {
  const { size: SIZE, iterations: ITERATIONS, dataDir, databaseUrl, keep = false } = options;
  const engine = databaseUrl ? "PostgreSQL" : "PGlite";
  if (!databaseUrl && !keep) await rm(dataDir, { recursive: true, force: true });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    SEED_DEMO: "false",
  });
  const services = await openServices(config);
  const { db } = services;
  const today = maceioClock(new Date()).day;
  const year = Number(today.slice(0, 4)) + (today.slice(5) > "12-27" ? 1 : 0);
  try {
    const [{ held } = { held: 0 }] = await db.select({ held: count() }).from(properties);
    const reuse = keep && !databaseUrl && held === SIZE;
    const seedStarted = performance.now();
    if (databaseUrl) await db.execute(sql`truncate ${properties} restart identity cascade`);
    else if (held > 0 && !reuse) throw new Error(`${dataDir} já tem ${held} imóveis: apague a pasta`);
    if (!reuse)
      progress(`busca por datas (${engine}): semeando ${SIZE.toLocaleString("pt-BR")} imóveis de temporada…`);
    // The same catalogue at every run (no Math.random).
    const seeded = new SeededRandom(40);
    const random = (n: number) => seeded.int(0, n - 1);
    let nightRows = 0;
    for (let from = 0; !reuse && from < SIZE; from += 500) {
      const batch = Array.from({ length: Math.min(500, SIZE - from) }, (_, i) => {
        const n = from + i;
        const quartos = 1 + random(5);
        return {
          referencia: `TD${String(n).padStart(5, "0")}`,
          titulo: `Casa de temporada ${n}`,
          descricao: "Casa de praia para temporada.",
          tipo: "casa" as const,
          finalidades: ["temporada" as const],
          precoAluguel: 300 + random(15) * 100,
          periodoAluguel: "diaria" as const,
          bairro: "Centro",
          cidade: CITIES[n % CITIES.length]!,
          quartos,
          latitude: -9.0 - random(1000) / 1000,
          longitude: -35.2 - random(1000) / 1000,
          publicacao: "publicado" as const,
          publishedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
        };
      });
      const inserted = await db
        .insert(properties)
        .values(batch)
        .returning({ id: properties.id, quartos: properties.quartos });
      await db.insert(rentalTerms).values(
        inserted.map(({ id, quartos }) => ({
          propertyId: id,
          defaultRate: 400 + random(10) * 50,
          minNights: 1 + random(3),
          cleaningFee: 200,
          securityDeposit: 1000,
          maxGuests: quartos * 2 + random(3),
          checkInTime: "14:00",
          checkOutTime: "11:00",
          houseRules: "",
          inventory: "",
          seasons: [
            {
              kind: "alta" as const,
              start: `${year}-12-15`,
              end: `${year + 1}-02-28`,
              rate: 900,
              minNights: 3,
            },
            {
              kind: "reveillon" as const,
              start: `${year}-12-29`,
              end: `${year + 1}-01-01`,
              rate: 1500,
              minNights: 5,
            },
          ],
          updatedAt: new Date(),
        })),
      );
      // About a year of stays per listing: 3–10 nights taken, then 2–21 free, from today.
      const nights: { propertyId: number; night: string }[] = [];
      for (const { id } of inserted) {
        let day = random(7);
        while (day < 365) {
          const length = 3 + random(8);
          for (let k = 0; k < length && day + k < 365; k++)
            nights.push({ propertyId: id, night: addDays(today, day + k) });
          day += length + 2 + random(20);
        }
      }
      for (let k = 0; k < nights.length; k += 5_000)
        await db.insert(rentalNights).values(nights.slice(k, k + 5_000));
      nightRows += nights.length;
      if ((from / 500) % 4 === 0)
        progress(`busca por datas: ${from + batch.length} imóveis, ${nightRows} noites ocupadas`);
    }
    if (reuse) {
      const [{ rows } = { rows: 0 }] = await db.select({ rows: count() }).from(rentalNights);
      nightRows = rows;
    } else await db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await warmSearchIndex(db);
    progress(
      `busca por datas: ${SIZE} imóveis, ${nightRows.toLocaleString("pt-BR")} noites ocupadas; medindo…`,
    );
    const searches = [
      {
        label: "Maragogi, 27/12–03/01, 6 hóspedes",
        query: `finalidade=temporada&cidade=Maragogi&chegada=${year}-12-27&saida=${year + 1}-01-03&hospedes=6`,
      },
      {
        label: "temporada, 3 noites daqui a 150 dias, 2 hóspedes",
        query: `finalidade=temporada&chegada=${addDays(today, 150)}&saida=${addDays(today, 153)}&hospedes=2`,
      },
      {
        label: "temporada, 7 noites daqui a 200 dias, 4 hóspedes, menor preço",
        query: `finalidade=temporada&chegada=${addDays(today, 200)}&saida=${addDays(today, 207)}&hospedes=4&ordem=menor-preco`,
      },
      {
        label: "temporada, 3+ quartos, 14 noites daqui a 100 dias",
        query: `finalidade=temporada&quartos=3&chegada=${addDays(today, 100)}&saida=${addDays(today, 114)}&hospedes=2`,
      },
      { label: "(sem datas) temporada, Maragogi", query: "finalidade=temporada&cidade=Maragogi" },
    ];
    const rows: SearchResultRow[] = [];
    for (const { label, query } of searches) {
      const filters = parseSearchFilters(query);
      const stay = staySearchOf(filters, today);
      const options = stay.kind === "ok" ? { stay: { request: stay.stay, today } } : {};
      let total = 0;
      for (let i = 0; i < 3; i++) total = (await searchProperties(db, filters, options)).total;
      const times: number[] = [];
      for (let i = 0; i < ITERATIONS; i++) {
        const started = performance.now();
        await searchProperties(db, filters, options);
        times.push(performance.now() - started);
      }
      rows.push({ engine, size: SIZE, label, total, p50: percentile(times, 50), p95: percentile(times, 95) });
      progress(
        `  ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
      );
    }
    // The first date search after a write: after one that touches no calendar (a data version
    // bump: the terms are compiled again, the taken nights stay in memory) and after one that
    // takes a night (the taken nights are read again: takenCalendars, decision 040). Timed apart,
    // 5 times each, a write before each.
    const [first] = await db.select({ id: properties.id }).from(properties).limit(1);
    const writes = [
      { kind: "fora do calendário", write: async () => void (await bumpDataVersion(db)) },
      {
        kind: "no calendário (uma noite bloqueada)",
        write: (i: number) =>
          db.transaction(async (tx) => {
            // Past the seeded year: never a conflict, removed below.
            await tx.insert(rentalNights).values({ propertyId: first!.id, night: addDays(today, 400 + i) });
            await bumpDataVersion(tx);
          }),
      },
    ];
    for (const { kind, write } of writes) {
      const { label, query } = searches[0]!;
      const filters = parseSearchFilters(query);
      const stay = staySearchOf(filters, today);
      const options = stay.kind === "ok" ? { stay: { request: stay.stay, today } } : {};
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < 5; i++) {
        await write(i);
        // The process learns of the bump by its notification (PGlite) or its next read.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const started = performance.now();
        total = (await searchProperties(db, filters, options)).total;
        times.push(performance.now() - started);
      }
      rows.push({
        engine,
        size: SIZE,
        label: `${label}: a primeira depois de uma escrita ${kind} (5 vezes)`,
        total,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
      });
    }
    await db.delete(rentalNights).where(gte(rentalNights.night, addDays(today, 400)));
    return { size: SIZE, nightRows, seedSeconds, rows };
  } finally {
    await closeServices(services);
    if (!databaseUrl && !keep) await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("search-dates.ts")) {
  const result = await benchSearchDates({
    size: Number(process.env.BENCH_DATES_SIZE ?? 10_000),
    iterations: Number(process.env.BENCH_ITERATIONS ?? 30),
    dataDir: process.env.BENCH_DATES_DIR ?? "./bench-data-dates",
    databaseUrl: process.env.BENCH_DATABASE_URL,
    keep: process.env.BENCH_DATES_KEEP === "1",
  });
  console.log(
    `\nBusca por datas (decisão 040): ${result.size.toLocaleString("pt-BR")} imóveis de temporada, ${result.nightRows.toLocaleString("pt-BR")} noites ocupadas, semeados em ${result.seedSeconds.toFixed(0)} s\n\n${searchLatencyTable(result.rows)}\n`,
  );
}
