// The database half of a backup: every table of the app's schema copied out of one consistent
// snapshot into files in PostgreSQL's COPY text format (the same on the embedded database and a
// PostgreSQL server, so a backup restores on either), and loaded back into an empty database.
// Decision 025 says why a logical copy rather than the data folder or pg_dump.
import { createReadStream } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import type { CopyTransaction, Database } from "../db/client.server";
import { appliedMigrations } from "./migration-level.server";

/** Table, column and sequence names as the app's migrations write them: also safe as file names. */
const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);

export const tableDumpSchema = z.object({
  name: identifier,
  /** Every stored column in table order; generated columns (the search vector) are recomputed. */
  columns: z.array(identifier).min(1),
  rows: z.number().int().nonnegative(),
});

export const databaseDumpSchema = z.object({
  engine: z.enum(["pglite", "postgres"]),
  serverVersion: z.string(),
  migrations: z.array(z.object({ hash: z.string(), createdAt: z.string().regex(/^\d+$/) })).min(1),
  /** In load order: a table comes after the tables its foreign keys point to. */
  tables: z.array(tableDumpSchema),
  sequences: z.array(
    z.object({
      name: identifier,
      lastValue: z
        .string()
        .regex(/^-?\d+$/)
        .nullable(),
    }),
  ),
  /** Media keys the photo rows of this snapshot point to. */
  mediaKeys: z.array(z.string()),
});

export type TableDump = z.infer<typeof tableDumpSchema>;
export type DatabaseDump = z.infer<typeof databaseDumpSchema>;

export class DatabaseNotReadyError extends Error {}

export const tableFile = (dir: string, table: string) => join(dir, `${table}.copy`);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const copyTarget = (table: TableDump | { name: string; columns: string[] }) =>
  `${quote(table.name)} (${table.columns.map(quote).join(", ")})`;

/**
 * What COPY writes and reads must not depend on the server's settings (a date style of
 * "SQL, DMY" writes dates the other way round): the text is always ISO dates in UTC and floats
 * with every digit, as pg_dump sets them.
 */
async function usePortableFormat(tx: CopyTransaction): Promise<void> {
  await tx.query("set local datestyle = 'ISO, YMD'");
  await tx.query("set local timezone = 'UTC'");
  await tx.query("set local intervalstyle = 'postgres'");
  await tx.query("set local extra_float_digits = 3");
}

/** The app's tables (schema public) with their stored columns, in foreign-key order. */
async function schemaTables(tx: CopyTransaction): Promise<{ name: string; columns: string[] }[]> {
  const columns = await tx.query<{ table: string; column: string }>(
    `select c.relname as "table", a.attname as "column"
       from pg_class c join pg_attribute a on a.attrelid = c.oid
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const references = await tx.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and child.relnamespace = 'public'::regnamespace`,
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns) byTable.set(row.table, [...(byTable.get(row.table) ?? []), row.column]);
  const order = loadOrder([...byTable.keys()], references);
  return order.map((name) => ({ name, columns: byTable.get(name) ?? [] }));
}

/** Parents before children (alphabetical among equals, so the order is stable). */
export function loadOrder(tables: string[], references: { child: string; parent: string }[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  }
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = [...parents.keys()]
      .filter((t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p)))
      .sort();
    if (ready.length === 0)
      throw new Error("Chaves estrangeiras em ciclo: não há ordem para carregar as tabelas.");
    for (const t of ready) {
      placed.add(t);
      order.push(t);
    }
  }
  return order;
}

/**
 * Copies every table into `dir` from one snapshot and describes what was copied. The photo
 * files the snapshot's rows point to are listed too, so the caller can check that the media it
 * copies afterwards hold every one of them. On the embedded database the site's other queries
 * wait while the snapshot is open, so only the copying happens inside it (decision 025).
 */
export async function dumpDatabase(database: Database, dir: string): Promise<DatabaseDump> {
  const snapshot = await database.copyTransaction("snapshot", async (tx) => {
    await usePortableFormat(tx);
    const migrations = await appliedMigrations(tx);
    if (migrations.length === 0) {
      throw new DatabaseNotReadyError("O banco de dados não tem as tabelas do site: não há o que copiar.");
    }
    const [version] = await tx.query<{ server_version: string }>("show server_version");
    const tables = await schemaTables(tx);
    for (const table of tables) await tx.copyToFile(copyTarget(table), tableFile(dir, table.name));
    const sequences = await tx.query<{ name: string; lastValue: string | null }>(
      `select sequencename as name, last_value::text as "lastValue"
         from pg_sequences where schemaname = 'public' order by sequencename`,
    );
    return { version: version?.server_version ?? "", migrations, tables, sequences };
  });
  const tables: TableDump[] = [];
  for (const table of snapshot.tables) {
    tables.push({ ...table, rows: await countLines(tableFile(dir, table.name)) });
  }
  const photos = snapshot.tables.find((t) => t.name === "property_photos");
  return {
    engine: database.engine,
    serverVersion: snapshot.version,
    migrations: snapshot.migrations,
    tables,
    sequences: snapshot.sequences,
    mediaKeys: photos ? await variantKeys(tableFile(dir, photos.name), photos.columns) : [],
  };
}

/**
 * The media keys in the `variants` of a copied property_photos table, read from the file once
 * the snapshot has closed: asking the database for them inside it kept the embedded site
 * waiting longer (decision 025).
 */
async function variantKeys(path: string, columns: string[]): Promise<string[]> {
  const column = columns.indexOf("variants");
  const keys = new Set<string>();
  const lines = createInterface({
    input: createReadStream(path, "utf8"),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    // A tab inside a value is written as \t, so every raw tab separates two fields.
    const field = line.split("\t")[column];
    const variants = field === undefined ? null : unescapeCopyField(field);
    if (variants === null) continue;
    for (const variant of JSON.parse(variants) as { key?: unknown }[]) {
      if (typeof variant.key === "string") keys.add(variant.key);
    }
  }
  return [...keys].sort();
}

const COPY_ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };

/** One field of COPY's text format: `\N` is null; a backslash escapes what follows it. */
export function unescapeCopyField(field: string): string | null {
  if (field === "\\N") return null;
  return field.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|[\s\S])/g, (_, code: string) => {
    if (code.length > 1 && code[0] === "x") return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    if (/^[0-7]/.test(code)) return String.fromCharCode(Number.parseInt(code, 8));
    return COPY_ESCAPES[code] ?? code;
  });
}

/** COPY's text format ends every row with a newline and escapes the ones inside values. */
async function countLines(path: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(path)) {
    for (let at = (chunk as Buffer).indexOf(0x0a); at !== -1; at = (chunk as Buffer).indexOf(0x0a, at + 1))
      lines += 1;
  }
  return lines;
}

/** Rows per table of the app's schema (no tables at all: a database nobody has used). */
export async function countRows(
  database: Database,
): Promise<{ tables: number; rows: Record<string, number> }> {
  return database.copyTransaction("snapshot", async (tx) => {
    const tables = await tx.query<{ name: string }>(
      "select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'",
    );
    const rows: Record<string, number> = {};
    for (const { name } of tables) {
      const [count] = await tx.query<{ rows: number }>(`select count(*)::int as rows from ${quote(name)}`);
      if (count && count.rows > 0) rows[name] = count.rows;
    }
    const [drizzle] = await tx.query<{ found: string | null }>(
      "select to_regnamespace('drizzle')::text as found",
    );
    return { tables: tables.length + (drizzle?.found ? 1 : 0), rows };
  });
}

/** Removes the app's schema (tables, functions, triggers) and its migration record. */
export async function dropAppSchema(database: Database): Promise<void> {
  await database.copyTransaction("load", async (tx) => {
    await tx.query("drop schema if exists drizzle cascade");
    await tx.query("drop schema if exists public cascade");
    await tx.query("create schema public");
  });
}

/**
 * Loads the files of `dump` from `dir` into a database whose schema is at the dump's level and
 * has no rows, in one transaction: either every row is in, or none. The app's triggers stay off
 * while loading (they would log every restored listing as a change and bump counters the dump
 * already holds); foreign keys are checked as usual.
 */
export async function loadDatabase(
  database: Database,
  dir: string,
  dump: Pick<DatabaseDump, "tables" | "sequences">,
): Promise<void> {
  await database.copyTransaction("load", async (tx) => {
    await usePortableFormat(tx);
    const present = new Map((await schemaTables(tx)).map((t) => [t.name, t.columns]));
    for (const table of dump.tables) {
      const columns = present.get(table.name);
      const unknown = table.columns.filter((c) => !columns?.includes(c));
      if (!columns || unknown.length > 0) {
        throw new Error(
          `A tabela ${table.name} do backup não corresponde ao esquema do banco (${unknown.join(", ") || "ausente"}).`,
        );
      }
    }
    for (const name of present.keys()) await tx.query(`alter table ${quote(name)} disable trigger user`);
    for (const table of dump.tables) {
      await tx.copyFromFile(copyTarget(table), tableFile(dir, table.name));
      const [count] = await tx.query<{ rows: number }>(
        `select count(*)::int as rows from ${quote(table.name)}`,
      );
      if (count?.rows !== table.rows) {
        throw new Error(`A tabela ${table.name} recebeu ${count?.rows} linhas; o backup tem ${table.rows}.`);
      }
    }
    for (const name of present.keys()) await tx.query(`alter table ${quote(name)} enable trigger user`);
    for (const { name, lastValue } of dump.sequences) {
      if (lastValue !== null)
        await tx.query("select setval($1::regclass, $2::bigint, true)", [quote(name), lastValue]);
    }
  });
}
