// `npm run restore -- <arquivo.tar.gz> [--force]`: brings a backup back into an empty DATA_DIR
// (embedded database) or an empty database (DATABASE_URL) and DATA_DIR/media
// (app/server/backup/read-backup.server.ts). Stop the site first.
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { summarize } from "../app/server/backup/manifest.server";
import { restoreBackup, verifyBackup } from "../app/server/backup/read-backup.server";
import { runDir } from "../app/server/backup/site-endpoint.server";
import { loadConfig } from "../app/server/config.server";
import { openConfiguredDatabase } from "../app/server/db/client.server";
import { fail } from "./lib/cli";
import { progressLine } from "./lib/progress";

const USAGE = `Uso: npm run restore -- <arquivo .tar.gz> [--force]
  Restaura um backup num DATA_DIR vazio (banco embutido) ou num banco vazio (DATABASE_URL).
  Pare o site antes. --force apaga o que o destino tiver e põe o backup no lugar.`;

let file: string;
let force: boolean;
try {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length !== 1) throw new Error("informe o arquivo do backup");
  file = resolve(positionals[0] as string);
  force = values.force === true;
} catch (error) {
  fail(`${error instanceof Error ? error.message : error}\n${USAGE}`);
}

const line = progressLine();
try {
  const config = loadConfig();
  const backup = await verifyBackup(file, line.update);
  const database = await openConfiguredDatabase(config);
  let result: Awaited<ReturnType<typeof restoreBackup>>;
  try {
    result = await restoreBackup({
      backup,
      database,
      mediaDir: resolve(config.DATA_DIR, "media"),
      spoolParent: runDir(config.DATA_DIR),
      force,
      onProgress: line.update,
    });
  } finally {
    await database.close();
  }
  line.clear();
  const where = config.DATABASE_URL
    ? "no banco de DATABASE_URL"
    : `em ${join(resolve(config.DATA_DIR), "pgdata")}`;
  const taken = new Date(backup.manifest.createdAt).toLocaleString("pt-BR");
  console.log(`Backup de ${taken} restaurado ${where}.`);
  console.log(`  ${summarize(result.manifest)}.`);
  if (result.newerMigrations > 0) {
    console.log(
      `  O backup veio de uma versão anterior: ${result.newerMigrations} migração(ões) desta versão aplicadas.`,
    );
  }
  const { bucket, files } = result.manifest.media;
  if (!bucket && files > 0 && config.S3_BUCKET) {
    console.log(
      `  As fotos do backup foram para ${resolve(config.DATA_DIR, "media")}, mas este site usa o bucket S3 "${config.S3_BUCKET}": copie-as com \`npm run media:migrate -- --to s3\`.`,
    );
  }
  if (bucket) {
    console.log(
      `  As fotos não estavam neste backup: ficaram no bucket S3 "${bucket}". Configure S3_BUCKET=${bucket} (e as demais S3_*) para o site usá-las${config.S3_BUCKET === bucket ? "" : ", ou copie-as para a pasta de dados com `npm run media:migrate -- --to local`"}.`,
    );
  }
  console.log("Pode iniciar o site.");
} catch (error) {
  line.clear();
  fail(`Restauração não feita: ${error instanceof Error ? error.message : String(error)}`);
}
