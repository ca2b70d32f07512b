// `npm run media:migrate -- --to s3` (or `--to local`): copies the photos between DATA_DIR/media and
// the S3 bucket of the S3_* variables, with the site running (app/server/media/migrate-media.server.ts).
// Run it, switch the configuration (S3_BUCKET set or unset) and restart, run it again for the
// photos sent in between: it copies only what the destination lacks.
import { parseArgs } from "node:util";
import { formatBytes } from "../app/server/backup/manifest.server";
import { loadConfig } from "../app/server/config.server";
import { type MigrationProgress, migrateMedia } from "../app/server/media/migrate-media.server";
import { mediaDir, openLocalStorage, openS3Storage } from "../app/server/media/open-storage.server";
import { fail } from "./lib/cli";
import { progressLine } from "./lib/progress";

const USAGE = `Uso: npm run media:migrate -- --to s3|local
  --to s3     copia as fotos de DATA_DIR/media para o bucket de S3_BUCKET
  --to local  copia as fotos do bucket para DATA_DIR/media
  Pode rodar com o site no ar e ser repetido: o que o destino já tem igual (tamanho e hash) é pulado.
  Nada é apagado em nenhum dos lados.`;

let to: "s3" | "local";
try {
  const { values, positionals } = parseArgs({
    options: { to: { type: "string" }, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length > 0) throw new Error(`argumento inesperado: ${positionals[0]}`);
  if (values.to !== "s3" && values.to !== "local") throw new Error("informe --to s3 ou --to local");
  to = values.to;
} catch (error) {
  fail(`${error instanceof Error ? error.message : error}\n${USAGE}`);
}

function describe(progress: MigrationProgress): string {
  return `Fotos: ${progress.done.toLocaleString("pt-BR")} de ${progress.total.toLocaleString("pt-BR")} (${progress.copied.toLocaleString("pt-BR")} copiadas, ${formatBytes(progress.bytes)}; ${progress.skipped.toLocaleString("pt-BR")} já estavam lá)`;
}

// On a terminal one line rewrites itself; in a log, a line a second at most.
const line = progressLine();
let loggedAt = 0;
const onProgress = (progress: MigrationProgress) => {
  if (process.stderr.isTTY) return line.update(`${describe(progress)}…`);
  const now = Date.now();
  if (now - loggedAt < 1000 && progress.done < progress.total) return;
  loggedAt = now;
  process.stderr.write(`${describe(progress)}\n`);
};

try {
  const config = loadConfig();
  if (!config.S3_BUCKET)
    throw new Error("S3_BUCKET não está configurado: informe o bucket e as demais variáveis S3_*.");
  const local = openLocalStorage(config);
  const bucket = await openS3Storage(config);
  const [from, destination] = to === "s3" ? [local, bucket] : [bucket, local];
  const names = { local: mediaDir(config), bucket: `o bucket ${config.S3_BUCKET}` };
  console.log(
    to === "s3"
      ? `Copiando de ${names.local} para ${names.bucket}.`
      : `Copiando de ${names.bucket} para ${names.local}.`,
  );
  const result = await migrateMedia(from, destination, { onProgress });
  line.clear();
  console.log(
    `${result.copied.toLocaleString("pt-BR")} arquivo(s) copiado(s) (${formatBytes(result.bytes)}), ${result.skipped.toLocaleString("pt-BR")} já estavam no destino, de ${result.total.toLocaleString("pt-BR")} na origem.`,
  );
  if (result.vanished > 0) {
    console.log(
      `${result.vanished} arquivo(s) sumiram da origem durante a cópia (fotos excluídas nesse meio-tempo).`,
    );
  }
  if (result.failed.length > 0) {
    for (const { key, reason } of result.failed.slice(0, 10)) console.error(`  ${key}: ${reason}`);
    fail(`${result.failed.length} arquivo(s) não foram copiados; rode de novo para tentar só esses.`);
  }
  console.log(
    to === "s3"
      ? "Pronto. Para usar o bucket, configure S3_BUCKET (e as demais S3_*) no site e reinicie; depois rode este comando de novo para copiar as fotos enviadas nesse intervalo."
      : "Pronto. Para voltar à pasta de dados, remova S3_BUCKET da configuração do site e reinicie; depois rode este comando de novo para copiar as fotos enviadas nesse intervalo.",
  );
} catch (error) {
  line.clear();
  fail(`Cópia não concluída: ${error instanceof Error ? error.message : String(error)}`);
}
