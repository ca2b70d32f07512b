// What a backup file holds (one .tar.gz):
//   media/<key>              the photo files, as DATA_DIR/media has them (none when the photos
//                            live in an S3 bucket: manifest media.bucket names it; decision 038)
//   database/<table>.copy    each table in PostgreSQL's COPY text format
//   manifest.json            what was copied: schema level, tables with their columns and row
//                            counts, sequences, media totals
//   checksums.sha256         the SHA-256 of every other file, in `sha256sum -c` format
import { z } from "zod";
import { assertValidKey } from "../media/storage.server";
import { databaseDumpSchema } from "./database-copy.server";

export const BACKUP_FORMAT = "imoveis-alagoas-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = "manifest.json";
export const CHECKSUMS_NAME = "checksums.sha256";

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  /** Where it came from; the embedded database while the site was running goes through the site. */
  source: z.object({
    engine: z.enum(["pglite", "postgres"]),
    serverVersion: z.string(),
    throughRunningSite: z.boolean(),
  }),
  /** The migrations the database had, by journal tag (drizzle/meta/_journal.json). */
  migrations: z
    .array(z.object({ tag: z.string(), hash: z.string(), createdAt: z.string().regex(/^\d+$/) }))
    .min(1),
  tables: databaseDumpSchema.shape.tables,
  sequences: databaseDumpSchema.shape.sequences,
  media: z.object({
    files: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    /** Files the photo rows point to that the data folder did not have when the copy was made. */
    missing: z.array(z.string()),
    /**
     * The S3 bucket the photos were in (S3_BUCKET): the archive holds none of them, the bucket
     * keeps them (docs/decisions/038-s3-media.md). Absent: the photos are in the archive.
     */
    bucket: z.string().optional(),
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;

export const databaseEntry = (table: string) => `database/${table}.copy`;
export const mediaEntry = (key: string) => `media/${key}`;

/** What an entry's name says it is; null for a name no backup of this site writes. */
export function classifyEntry(
  name: string,
):
  | { kind: "manifest" | "checksums" }
  | { kind: "table"; table: string }
  | { kind: "media"; key: string }
  | null {
  if (name === MANIFEST_NAME) return { kind: "manifest" };
  if (name === CHECKSUMS_NAME) return { kind: "checksums" };
  const table = /^database\/([a-z_][a-z0-9_]{0,62})\.copy$/.exec(name)?.[1];
  if (table) return { kind: "table", table };
  if (name.startsWith("media/")) {
    const key = name.slice("media/".length);
    try {
      assertValidKey(key);
      return { kind: "media", key };
    } catch {
      return null;
    }
  }
  return null;
}

export function formatChecksums(sums: Map<string, string>): string {
  return [...sums].map(([name, sha256]) => `${sha256}  ${name}\n`).join("");
}

export function parseChecksums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!match?.[1] || !match[2])
      throw new Error(`Linha inválida em ${CHECKSUMS_NAME}: ${line.slice(0, 80)}`);
    sums.set(match[2], match[1]);
  }
  return sums;
}

/** "12,3 MB", "480 kB": sizes as the scripts print them. */
export function formatBytes(bytes: number): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, "MB"] : [bytes / 1_000, "kB"];
  return `${value.toLocaleString("pt-BR", { maximumFractionDigits: 1 })} ${unit}`;
}

/** "64 imóveis, 451 fotos (288 arquivos, 6,3 MB), 1 contato, 3 usuários", for the scripts. */
export function summarize(manifest: Manifest): string {
  const count = (value: number, one: string, many: string) =>
    `${value.toLocaleString("pt-BR")} ${value === 1 ? one : many}`;
  const rows = (table: string) => manifest.tables.find((t) => t.name === table)?.rows ?? 0;
  return [
    count(rows("properties"), "imóvel", "imóveis"),
    manifest.media.bucket
      ? `${count(rows("property_photos"), "foto", "fotos")} (arquivos no bucket ${manifest.media.bucket}, fora deste backup)`
      : `${count(rows("property_photos"), "foto", "fotos")} (${count(manifest.media.files, "arquivo", "arquivos")}, ${formatBytes(manifest.media.bytes)})`,
    count(rows("leads"), "contato", "contatos"),
    count(rows("users"), "usuário", "usuários"),
  ].join(", ");
}
