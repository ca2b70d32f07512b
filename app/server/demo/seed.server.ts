// First-start seeding: agency settings, the first admin, and (SEED_DEMO) the demo team and
// catalogue. Everything is idempotent: running it again never duplicates anything. Bulk seeding
// for benchmarks is bulk-seed.server.ts.
//
// The demo catalogue's code (catalogue-seed.server.ts: the listing generator, the scene drawing)
// is imported only while the catalogue still needs its listings or photos, so a site past its
// first start never loads it. Demo photos come from a small pool of rendered scenes
// (demo-photos.server.ts); the server makes them after it starts answering, `npm run seed`
// before it returns.
import { randomBytes, randomInt } from "node:crypto";
import { hashPassword } from "../auth/password.server";
import { agencyOf, checkNewPassword } from "../auth/password-policy.server";
import { ConfigError } from "../config.server";
import type { Db } from "../db/client.server";
import { agencySettings, users } from "../db/schema.server";
import type { Services } from "../services.server";
import { DEFAULT_AGENCY_SETTINGS } from "../settings/agency-defaults.server";
import { pendingDemoWork } from "./demo-state.server";

export const DEFAULT_ADMIN_EMAIL = "admin@imoveisemalagoas.com.br";

const DEMO_BROKERS = [
  {
    name: "Mariana Albuquerque",
    email: "mariana.albuquerque@imoveisemalagoas.com.br",
    creci: "12345-F",
    phone: "(82) 99811-2345",
  },
  {
    name: "Rafael Tenório",
    email: "rafael.tenorio@imoveisemalagoas.com.br",
    creci: "23456-F",
    phone: "(82) 99822-3456",
  },
] as const;

type Log = (line: string) => void;

export type SeedOptions = {
  /** Where progress and the admin box go; console.log by default. */
  log?: Log;
  /**
   * "wait" (default: `npm run seed`, the primary of several processes): return once every
   * demo photo is made. "background" (the server): return once the demo listings are in and
   * make their photos afterwards, as `services.demoPhotos`.
   */
  photos?: "wait" | "background";
};

// ---------------------------------------------------------------------------------------------
// First start

export async function seedOnFirstStart(services: Services, options: SeedOptions = {}): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  await services.db
    .insert(agencySettings)
    .values({ id: 1, ...DEFAULT_AGENCY_SETTINGS })
    .onConflictDoNothing();
  await ensureFirstUsers(services, log);
  if (!services.config.SEED_DEMO) return;
  const pending = await pendingDemoWork(services.db);
  if (!pending) return;
  // The demo generators and scene drawing load only now, never on a later start.
  const demo = await import("./catalogue-seed.server");
  if (pending === "listings") await demo.insertDemoListings(services);
  if (options.photos === "background") {
    services.demoPhotos = demo.startDemoPhotos(services);
    return;
  }
  const started = Date.now();
  await demo.finishDemoCatalogue(services, {
    concurrency: 2,
    onProgress(ready, total) {
      if (ready % 4 === 0 || ready === total) log(`Gerando fotos de demonstração: ${ready}/${total}…`);
    },
  });
  log(`Catálogo de demonstração pronto em ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

async function ensureFirstUsers(services: Services, log: Log): Promise<void> {
  const { db, config } = services;
  const [existing] = await db.select({ id: users.id }).from(users).limit(1);
  if (existing) return;

  const email = config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  if (config.ADMIN_PASSWORD) await refuseWeakAdminPassword(db, email, config.ADMIN_PASSWORD);
  const generated = config.ADMIN_PASSWORD ? undefined : generatePassword();
  const password = config.ADMIN_PASSWORD ?? generated!;
  const [admin] = await db
    .insert(users)
    .values({ name: "Administrador", email, passwordHash: await hashPassword(password), role: "admin" })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another instance may have won the race: only the one that created the admin reports it.
  if (admin) {
    if (generated) printAdminBox(log, email, generated);
    else log(`Administrador criado: e-mail ${email} (senha definida em ADMIN_PASSWORD).`);
  }

  if (config.SEED_DEMO) {
    for (const broker of DEMO_BROKERS) {
      await db
        .insert(users)
        .values({
          ...broker,
          role: "corretor",
          // Nobody knows this password: the broker signs in after an admin resets it.
          passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
        })
        .onConflictDoNothing();
    }
  }
}

/**
 * ADMIN_PASSWORD is held to the policy of every other password (password-policy.server.ts): the
 * first admin can do everything, and a weak password there is the easiest way in. A weak one
 * stops the first start with the reason, before anything is created; the operator picks another
 * or leaves it empty, and a strong one is generated and printed. Once a user exists the variable
 * is not read, so it never stops a later start.
 */
async function refuseWeakAdminPassword(db: Db, email: string, password: string): Promise<void> {
  const weak = await checkNewPassword(password, { email, name: "Administrador", agency: await agencyOf(db) });
  if (!weak) return;
  throw new ConfigError(
    "Configuração inválida; corrija estas variáveis de ambiente:\n" +
      `  ADMIN_PASSWORD: ${weak}\n` +
      "  Ou deixe ADMIN_PASSWORD vazio: uma senha forte será gerada e mostrada aqui na primeira partida.",
  );
}

const PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 16 unambiguous characters in groups of four (about 93 bits), easy to copy from a terminal. */
export function generatePassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = "";
    for (let i = 0; i < 4; i++) group += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join("-");
}

function printAdminBox(log: Log, email: string, password: string): void {
  const lines = [
    "Administrador criado",
    "",
    `  e-mail: ${email}`,
    `  senha:  ${password}`,
    "",
    "Guarde esta senha: ela não será mostrada de novo.",
    "Troque a senha após entrar.",
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const out = [
    `╔${"═".repeat(width + 2)}╗`,
    ...lines.map((l) => `║  ${l.padEnd(width)}║`),
    `╚${"═".repeat(width + 2)}╝`,
  ];
  log(out.join("\n"));
}
