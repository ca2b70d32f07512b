// Configuration comes only from the environment, validated once at boot: a wrong value stops
// the server with a message that names the variable.
import { availableParallelism } from "node:os";
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v));

const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1"));

const httpUrl = (message: string) =>
  optionalString.pipe(
    z
      .url({ message, protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
  );

/** The S3_* variables other than S3_BUCKET: they mean something only with a bucket. */
const S3_DETAILS = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "deve começar com postgres:// ou postgresql://")
        .optional(),
    ),
    PUBLIC_URL: optionalString.pipe(
      z.url({ message: "deve ser uma URL completa, ex.: https://www.exemplo.com.br" }).optional(),
    ),
    ADMIN_EMAIL: optionalString.pipe(z.email({ message: "deve ser um e-mail válido" }).optional()),
    ADMIN_PASSWORD: optionalString.pipe(
      z
        .string()
        .min(10, "deve ter ao menos 10 caracteres")
        .max(128, "deve ter no máximo 128 caracteres")
        .optional(),
    ),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, "deve ter ao menos 32 caracteres").optional()),
    SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
    SESSION_ABSOLUTE_HOURS: z.coerce
      .number()
      .positive()
      .default(24 * 7),
    SEED_DEMO: booleanFlag(true),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "deve começar com smtp:// ou smtps://")
        .optional(),
    ),
    MAIL_FROM: z.string().default("Imóveis em Alagoas <nao-responda@imoveisemalagoas.com.br>"),
    TRUST_PROXY: booleanFlag(false),
    // The maps' tile server (app/server/http/map-tiles.server.ts); OpenStreetMap's when unset.
    MAP_TILE_URL: optionalString.pipe(
      z
        .string()
        .regex(
          /^(https?:\/\/[^/]+|)\/.*\{z\}.*\{x\}.*\{y\}/,
          "deve ser uma URL de ladrilhos com {z}, {x} e {y}, ex.: https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png",
        )
        .optional(),
    ),
    MAP_TILE_ATTRIBUTION: optionalString,
    // How many results the search's map draws at once (app/server/search/map-search.server.ts);
    // past it, the map asks for the points of the area in view as the visitor moves it.
    SEARCH_MAP_POINTS: z.coerce
      .number()
      .int("deve ser um número inteiro")
      .min(1, "deve ser de ao menos 1 ponto")
      .max(5000, "deve ser de no máximo 5000 pontos")
      .default(500),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    // How long a stopping server lets requests in flight finish (server.js).
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
    // Production app processes sharing the port (node:cluster); "auto" = one per CPU core.
    WEB_CONCURRENCY: optionalString.pipe(
      z
        .string()
        .regex(/^(auto|\d+)$/, 'deve ser um número de processos ou "auto"')
        .transform((v) => (v === "auto" ? "auto" : Number(v)))
        .refine((v) => v === "auto" || (v >= 1 && v <= 64), "deve ser de 1 a 64 processos")
        .optional(),
    ),
    // From which hour (Maceió, 0–23; default 7) each agent's daily e-mail of next actions goes out;
    // "off": none (app/server/leads/next-action-summary.server.ts).
    LEAD_SUMMARY_HOUR: optionalString
      .pipe(
        z
          .string()
          .regex(/^(off|([01]?\d|2[0-3]))$/, 'deve ser uma hora de 0 a 23 ou "off"')
          .transform((v) => (v === "off" ? null : Number(v)))
          .optional(),
      )
      .transform((v) => (v === undefined ? 7 : v)),
    // Secrets of the lead endpoints (app/server/leads/api-secrets.server.ts); set here, they win
    // over the ones made on /admin/portais.
    GRUPOZAP_LEADS_SECRET: optionalString.pipe(
      z
        .string()
        .min(24, "deve ter ao menos 24 caracteres")
        .max(200, "deve ter no máximo 200 caracteres")
        .optional(),
    ),
    GENERIC_LEADS_SECRET: optionalString.pipe(
      z
        .string()
        .min(24, "deve ter ao menos 24 caracteres")
        .max(200, "deve ter no máximo 200 caracteres")
        .optional(),
    ),
    // How often each app instance runs the lead distribution's sweep (app/server/leads/reassign.server.ts).
    LEAD_SWEEP_INTERVAL_SECONDS: z.coerce
      .number()
      .min(1, "deve ser de ao menos 1 segundo")
      .max(3600, "deve ser de no máximo 3600 segundos")
      .default(60),
    // How often each app instance looks for saved-search alerts to send (app/server/alerts/digests.server.ts).
    ALERT_SWEEP_INTERVAL_SECONDS: z.coerce
      .number()
      .min(1, "deve ser de ao menos 1 segundo")
      .max(3600, "deve ser de no máximo 3600 segundos")
      .default(300),
    // How often each imported temporada calendar (Airbnb, Booking.com…) is fetched
    // (app/server/rentals/ical-sync.server.ts; decision 039).
    ICAL_POLL_INTERVAL_SECONDS: z.coerce
      .number()
      .min(60, "deve ser de ao menos 60 segundos")
      .max(86_400, "deve ser de no máximo 86400 segundos")
      .default(1800),
    // Imported calendars on loopback or private addresses are refused unless this is set (tests,
    // a calendar served on the agency's own network).
    ICAL_ALLOW_PRIVATE_ADDRESSES: booleanFlag(false),
    // How long an imported calendar may take to be read, in its own thread, before it is stopped
    // and the feed fails (app/server/rentals/ical-parse-thread.server.ts).
    ICAL_PARSE_TIMEOUT_SECONDS: z.coerce
      .number()
      .min(1, "deve ser de ao menos 1 segundo")
      .max(120, "deve ser de no máximo 120 segundos")
      .default(10),
    // Photos in an S3-compatible bucket instead of DATA_DIR/media (app/server/media/open-storage.server.ts;
    // docs/decisions/038-s3-media.md). Unset: the data folder.
    S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          "deve ser o nome de um bucket: de 3 a 63 letras minúsculas, números, pontos ou hífens",
        )
        .optional(),
    ),
    S3_REGION: optionalString
      .pipe(
        z
          .string()
          .regex(/^[a-z0-9-]{2,40}$/, "deve ser o nome de uma região, ex.: us-east-1, sa-east-1 ou auto")
          .optional(),
      )
      .transform((v) => v ?? "us-east-1"),
    // Another store than AWS (MinIO, Cloudflare R2, DigitalOcean Spaces…).
    S3_ENDPOINT: httpUrl("deve ser a URL do serviço S3, ex.: https://s3.exemplo.com.br"),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    // Bucket in the path (https://host/bucket/key), as MinIO and most self-hosted stores need.
    S3_FORCE_PATH_STYLE: booleanFlag(false),
    // Where browsers fetch the photos (a CDN or the bucket's public address); unset: /media on this site.
    MEDIA_PUBLIC_URL: httpUrl("deve ser uma URL completa, ex.: https://fotos.exemplo.com.br"),
  })
  .superRefine((env, context) => {
    if (!env.S3_BUCKET) {
      for (const name of S3_DETAILS) {
        if (env[name] !== undefined) {
          context.addIssue({
            code: "custom",
            path: [name],
            message: "só vale com S3_BUCKET; informe o bucket das fotos ou remova esta variável",
          });
        }
      }
      return;
    }
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      context.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID === undefined ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY"],
        message:
          "informe S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntas (ou nenhuma, para usar as credenciais do ambiente)",
      });
    }
  });

/** How many app processes to run: WEB_CONCURRENCY resolved ("auto" = the CPU cores). */
function instancesOf(value: number | "auto" | undefined): number {
  if (value === "auto") return availableParallelism();
  return value ?? 1;
}

export type Config = z.output<typeof envSchema> & { publicUrl: string; instances: number };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Configuração inválida; corrija estas variáveis de ambiente:\n${lines.join("\n")}`);
  }
  const config = parsed.data;
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
  const instances = instancesOf(config.WEB_CONCURRENCY);
  if (instances > 1 && !config.DATABASE_URL && config.WEB_CONCURRENCY !== "auto") {
    throw new ConfigError(
      "Configuração inválida; corrija estas variáveis de ambiente:\n  WEB_CONCURRENCY: mais de um processo exige DATABASE_URL (o banco embutido atende a um só processo)",
    );
  }
  // "auto" on the embedded database: one process, the only one it can serve.
  return { ...config, publicUrl, instances: config.DATABASE_URL ? instances : 1 };
}
