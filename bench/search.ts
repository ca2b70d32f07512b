// Step 2: search latency in-process (searchProperties, the function the loader calls) at
// growing catalogue sizes, on PGlite and, when DATABASE_URL is set, on PostgreSQL; up to 10 000
// listings also the SQL search alone (searchPropertiesSql: what answers while the index builds). Every call
// does the whole work (change-log check, index scan, rows and covers read by id): nothing is
// cached by query. The in-process index's build time after each bulk seed gets its own row.
// Also EXPLAINs the SQL search (still used while the index builds, and for the queries it cannot
// evaluate: an AND of words or a phrase at the top) at the largest size.
import { rm } from "node:fs/promises";
import { count, desc, sql } from "drizzle-orm";
import { parseSearchFilters } from "../app/lib/search-filters";
import { loadConfig } from "../app/server/config.server";
import { properties } from "../app/server/db/schema.server";
import { seedBulk } from "../app/server/demo/bulk-seed.server";
import { searchConditions, searchProperties, searchPropertiesSql } from "../app/server/search/search.server";
import { warmSearchIndex } from "../app/server/search/search-index-sync.server";
import { closeServices, openServices, type Services } from "../app/server/services.server";
import { percentile, progress, round, table } from "./util";

export const SEARCHES: { label: string; query: string }[] = [
  { label: "sem filtro", query: "" },
  { label: "cidade=Maceió&quartos=2", query: "cidade=Maceió&quartos=2" },
  {
    label: "venda, apartamento, até R$ 800 mil, menor preço",
    query: "finalidade=venda&tipo=apartamento&precoMax=800000&ordem=menor-preco",
  },
  { label: "aluguel, bairro Ponta Verde", query: "finalidade=aluguel&cidade=Maceió&bairro=Ponta Verde" },
  { label: "texto: piscina", query: "q=piscina" },
  { label: "texto: apartamento ponta verde vista mar", query: "q=apartamento ponta verde vista mar" },
  { label: "página 20", query: "cidade=Maceió&pagina=20" },
  // Phrases (quotes, hyphens) the query's prefix form covers run on the index as their words; an
  // excluded phrase (the last one) is checked there by the positions of its words.
  { label: 'texto entre aspas: "vista mar"', query: 'q="vista mar"' },
  { label: "texto com hífen: beira-mar", query: "q=beira-mar" },
  { label: 'frase e exclusão: "vista mar" -piscina', query: 'q="vista mar" -piscina' },
  { label: "só exclusões: -mobiliado -piscina", query: "q=-mobiliado -piscina" },
  { label: 'exclusão de frase: casa -"vista mar"', query: 'q=casa -"vista mar"' },
];

export interface SearchResultRow {
  engine: string;
  size: number;
  label: string;
  total: number;
  p50: number;
  p95: number;
}

/** The latency table of docs/benchmarks.md sections 2 and 2c (the search by dates). */
export function searchLatencyTable(rows: SearchResultRow[]): string {
  return table(
    ["banco", "imóveis", "busca", "resultados", "p50 (ms)", "p95 (ms)"],
    rows.map((r) => [
      r.engine,
      r.size.toLocaleString("pt-BR"),
      r.label,
      r.total.toLocaleString("pt-BR"),
      round(r.p50, 1),
      round(r.p95, 1),
    ]),
  );
}

export interface ExplainResult {
  engine: string;
  size: number;
  label: string;
  indexes: string[];
  seqScan: boolean;
  ms: number;
}

/** Sizes up to this also get the SQL search alone (what answers while the index builds at boot). */
const SQL_ONLY_UP_TO = 10_000;

async function measure(
  services: Services,
  iterations: number,
  search: typeof searchProperties = searchProperties,
  prefix = "",
): Promise<Omit<SearchResultRow, "engine" | "size">[]> {
  const rows: Omit<SearchResultRow, "engine" | "size">[] = [];
  for (const { label, query } of SEARCHES) {
    const filters = parseSearchFilters(query);
    let total = 0;
    for (let i = 0; i < 3; i++) total = (await search(services.db, filters)).total;
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const started = performance.now();
      await search(services.db, filters);
      times.push(performance.now() - started);
    }
    rows.push({ label: `${prefix}${label}`, total, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  return rows;
}

async function explain(services: Services): Promise<Omit<ExplainResult, "engine" | "size">[]> {
  const out: Omit<ExplainResult, "engine" | "size">[] = [];
  for (const search of SEARCHES) {
    const where = searchConditions(parseSearchFilters(search.query));
    const page = services.db
      .select({ id: properties.id })
      .from(properties)
      .where(where)
      .orderBy(desc(properties.destaque), desc(properties.publishedAt), desc(properties.id))
      .limit(24);
    const total = services.db.select({ total: count() }).from(properties).where(where);
    const lines: string[] = [];
    let ms = 0;
    for (const query of [total, page]) {
      const result = await services.db.execute(sql`explain (analyze, format text) ${query}`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
        string,
        string
      >[];
      for (const row of rows) {
        const line = String(Object.values(row)[0]);
        lines.push(line);
        const time = line.match(/Execution Time: ([\d.]+) ms/);
        if (time) ms += Number(time[1]);
      }
    }
    const indexes = [
      ...new Set(
        lines.flatMap((l) =>
          [
            ...l.matchAll(/(?:Index|Index Only) Scan (?:Backward )?using (\S+)|Bitmap Index Scan on (\S+)/g),
          ].map((m) => m[1] ?? m[2] ?? ""),
        ),
      ),
    ];
    out.push({
      label: search.label,
      indexes,
      seqScan: lines.some((l) => /Seq Scan on properties/.test(l)),
      ms,
    });
  }
  return out;
}

/** Seeds one engine up to each size in turn (cumulatively) and measures at each size. */
export async function benchSearch(options: {
  sizes: number[];
  iterations: number;
  dataDir: string;
  databaseUrl?: string;
  /** Called with each size's rows as soon as they are measured. */
  onRows?: (rows: SearchResultRow[]) => void;
}): Promise<{ rows: SearchResultRow[]; explains: ExplainResult[] }> {
  const engine = options.databaseUrl ? "PostgreSQL" : "PGlite";
  if (!options.databaseUrl) await rm(options.dataDir, { recursive: true, force: true });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    SEED_DEMO: "false",
  });
  const services = await openServices(config);
  const rows: SearchResultRow[] = [];
  const explains: ExplainResult[] = [];
  try {
    if (options.databaseUrl) {
      // Start from an empty catalogue on the benchmark database (never a production one).
      await services.db.execute(sql`truncate ${properties} restart identity cascade`);
    }
    let seeded = 0;
    for (const size of [...options.sizes].sort((a, b) => a - b)) {
      progress(`busca (${engine}): semeando ${size.toLocaleString("pt-BR")} imóveis…`);
      const started = performance.now();
      while (seeded < size) {
        const batch = Math.min(100_000, size - seeded);
        await seedBulk(services, batch);
        seeded += batch;
      }
      await services.db.execute(sql`analyze`);
      // The in-process search index is rebuilt after a bulk write: its cost, apart from the searches.
      const built = await warmSearchIndex(services.db);
      const buildRow = {
        engine,
        size,
        label: `(índice em memória: construção após semear; ${(built.arrayBytes / 2 ** 20).toFixed(1)} MiB em arrays)`,
        total: built.listings,
        p50: built.ms,
        p95: built.ms,
      };
      progress(
        `busca (${engine}): ${size.toLocaleString("pt-BR")} imóveis prontos em ${((performance.now() - started) / 1000).toFixed(0)} s; medindo…`,
      );
      const sqlOnly =
        size <= SQL_ONLY_UP_TO
          ? await measure(
              services,
              options.iterations,
              searchPropertiesSql,
              "só SQL (índice ainda não montado): ",
            )
          : [];
      const measured = [
        buildRow,
        ...(await measure(services, options.iterations)).map((row) => ({ engine, size, ...row })),
        ...sqlOnly.map((row) => ({ engine, size, ...row })),
      ];
      rows.push(...measured);
      options.onRows?.(measured);
    }
    const largest = Math.max(...options.sizes);
    for (const row of await explain(services)) explains.push({ engine, size: largest, ...row });
  } finally {
    await closeServices(services);
    if (!options.databaseUrl) await rm(options.dataDir, { recursive: true, force: true });
  }
  return { rows, explains };
}
