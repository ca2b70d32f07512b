// `npm run backup [-- <pasta ou arquivo.tar.gz>]`: one file with the database and the photos,
// written while the site runs or not (app/server/backup/write-backup.server.ts). Same
// configuration as the server: DATA_DIR, and DATABASE_URL when the site uses PostgreSQL. With
// S3_BUCKET the photos stay in the bucket, out of the file, and the output says so (decision 038).
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { formatBytes, summarize } from "../app/server/backup/manifest.server";
import { openBackupSource, writeBackup } from "../app/server/backup/write-backup.server";
import { loadConfig } from "../app/server/config.server";
import { fail } from "./lib/cli";
import { progressLine } from "./lib/progress";

const USAGE = `Uso: npm run backup [-- <pasta ou arquivo .tar.gz>]
  Grava num único arquivo o banco de dados e as fotos; pode rodar com o site no ar.
  Sem argumento, o arquivo vai para ./backups/imoveis-AAAA-MM-DD-HHMMSS.tar.gz.`;

/** Local time, sortable: imoveis-2026-11-26-030000.tar.gz. */
function defaultName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `imoveis-${date}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}.tar.gz`;
}

let target: string;
try {
  const { values, positionals } = parseArgs({
    options: { help: { type: "boolean", short: "h" } },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length > 1) throw new Error("informe um só destino");
  target = positionals[0] ?? "backups";
} catch (error) {
  fail(`${error instanceof Error ? error.message : error}\n${USAGE}`);
}

const file = target.endsWith(".tar.gz") ? resolve(target) : join(resolve(target), defaultName());
const line = progressLine();
try {
  const config = loadConfig();
  const source = await openBackupSource(config, dirname(file));
  let result: Awaited<ReturnType<typeof writeBackup>>;
  try {
    result = await writeBackup({
      source,
      mediaDir: resolve(config.DATA_DIR, "media"),
      mediaBucket: config.S3_BUCKET,
      output: file,
      onProgress: line.update,
    });
  } finally {
    await source.close();
  }
  line.clear();
  console.log(`Backup gravado em ${result.file} (${formatBytes(result.bytes)}).`);
  console.log(`  ${summarize(result.manifest)}.`);
  if (config.S3_BUCKET) {
    console.log(
      `Atenção: as fotos estão no bucket S3 "${config.S3_BUCKET}" e NÃO estão neste arquivo; o backup delas é o do bucket (ative o versionamento ou a replicação dele no provedor, ou copie-as para uma pasta com \`npm run media:migrate -- --to local\` usando outro DATA_DIR).`,
    );
  }
  const { missing } = result.manifest.media;
  if (missing.length > 0) {
    console.warn(
      `Atenção: ${missing.length} arquivo(s) de foto citados pelo banco já não existiam em ${resolve(config.DATA_DIR, "media")} (ex.: ${missing.slice(0, 3).join(", ")}); essas fotos aparecerão quebradas também depois de restaurar.`,
    );
  }
} catch (error) {
  line.clear();
  fail(`Backup não feito: ${error instanceof Error ? error.message : String(error)}`);
}
