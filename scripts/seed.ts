// npm run seed                      → seeds like the first start (settings, admin, demo catalogue)
// npm run seed -- --listings 10000  → adds N published listings for benchmarks (up to 100 000)
//
// Uses the same configuration as the server (DATA_DIR or DATABASE_URL). With the embedded
// database, stop the server first: two processes cannot share the data folder.
import { ConfigError, loadConfig } from "../app/server/config.server";
import { DataDirLockedError } from "../app/server/db/lock.server";
import { BULK_MAX_LISTINGS, seedBulk } from "../app/server/demo/bulk-seed.server";
import { seedOnFirstStart } from "../app/server/demo/seed.server";
import { closeServices, openServices, type Services } from "../app/server/services.server";

const USAGE = `Uso:
  npm run seed                       cria configurações, administrador e o catálogo de demonstração
  npm run seed -- --listings <N>     adiciona N imóveis publicados (1 a ${BULK_MAX_LISTINGS}) para testes de desempenho`;

class UsageError extends Error {}

function parseArgs(argv: string[]): { listings?: number; help: boolean } {
  let listings: number | undefined;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") help = true;
    else if (arg === "--listings" || arg.startsWith("--listings=")) {
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[++i];
      const n = Number(value);
      if (!value || !Number.isInteger(n) || n < 1 || n > BULK_MAX_LISTINGS) {
        throw new UsageError(`--listings precisa de um número inteiro entre 1 e ${BULK_MAX_LISTINGS}.`);
      }
      listings = n;
    } else throw new UsageError(`Opção desconhecida: ${arg}`);
  }
  return { listings, help };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const started = Date.now();
  const services: Services = await openServices(config);
  try {
    if (args.listings) {
      const total = args.listings;
      console.log(`Inserindo ${total.toLocaleString("pt-BR")} imóveis de teste…`);
      let lastPrinted = 0;
      await seedBulk(services, total, (done) => {
        const now = Date.now();
        if (done === total || now - lastPrinted > 2000) {
          lastPrinted = now;
          console.log(`  ${done.toLocaleString("pt-BR")}/${total.toLocaleString("pt-BR")} imóveis…`);
        }
      });
      console.log(`Pronto: ${total.toLocaleString("pt-BR")} imóveis inseridos em ${seconds(started)} s.`);
    } else {
      await seedOnFirstStart(services);
      console.log(`Pronto em ${seconds(started)} s.`);
    }
  } finally {
    // Closing checkpoints the embedded database and releases the data-folder lock.
    await closeServices(services);
  }
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError || error instanceof DataDirLockedError)
      console.error(error.message);
    else {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`Falha ao popular o banco de dados: ${message}`);
      if (error instanceof Error && error.stack && process.env.LOG_LEVEL === "debug")
        console.error(error.stack);
    }
    process.exit(1);
  },
);
