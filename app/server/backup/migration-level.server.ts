// Which of the app's migrations a database has, and bringing an empty one to exactly that level:
// a backup is loaded into the schema it was taken from, and the app's newer migrations then run
// on the restored rows as they would have on the live site.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { type CopyTransaction, type Database, MIGRATIONS_DIR } from "../db/client.server";

const journalSchema = z
  .object({
    entries: z.array(z.object({ idx: z.number(), when: z.number(), tag: z.string() }).loose()),
  })
  .loose();

export type Journal = z.infer<typeof journalSchema>;

export async function readJournal(folder = MIGRATIONS_DIR): Promise<Journal> {
  return journalSchema.parse(JSON.parse(await readFile(join(folder, "meta", "_journal.json"), "utf8")));
}

/** A migration a database has applied: drizzle records the file's hash and its journal time. */
export type AppliedMigration = { hash: string; createdAt: string };

/** What drizzle's migrator recorded, in order (none on a database it never touched). */
export async function appliedMigrations(tx: CopyTransaction): Promise<AppliedMigration[]> {
  const [table] = await tx.query<{ found: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as found",
  );
  if (!table?.found) return [];
  return tx.query<AppliedMigration>(
    'select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations order by id',
  );
}

export class MigrationMismatchError extends Error {}

/**
 * The journal tags of `applied`, which must be the first migrations of this app's journal: a
 * backup from a newer app, or from a different line of migrations, cannot be loaded here.
 */
export function tagsOf(applied: readonly { createdAt: string }[], journal: Journal): string[] {
  return applied.map((migration, i) => {
    const entry = journal.entries[i];
    if (!entry) {
      throw new MigrationMismatchError(
        `Este backup vem de uma versão mais nova do site (${applied.length} migrações; esta versão conhece ${journal.entries.length}). Atualize o site e restaure de novo.`,
      );
    }
    if (String(entry.when) !== migration.createdAt) {
      throw new MigrationMismatchError(
        `As migrações do backup não são as desta versão do site (a ${i + 1}ª difere de ${entry.tag}).`,
      );
    }
    return entry.tag;
  });
}

/** Applies the first `count` migrations of the app's folder, and no more. */
export async function migrateTo(database: Database, count: number): Promise<void> {
  const journal = await readJournal();
  const folder = await mkdtemp(join(tmpdir(), "migrations-"));
  try {
    await mkdir(join(folder, "meta"));
    const entries = journal.entries.slice(0, count);
    await writeFile(join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) {
      await cp(join(MIGRATIONS_DIR, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    }
    await database.migrate(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
