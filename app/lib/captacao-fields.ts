// The "Anuncie seu imóvel" form's field names, limits and answers, without the schema: zod stays
// out of the public page's JavaScript (the schema, captacao-form.ts, runs on the server).
import type { Finalidade } from "./vocabulary";

export const CAPTACAO_LIMITS = {
  name: 100,
  phone: 30,
  email: 254,
  logradouro: 200,
  bairro: 100,
  cidade: 100,
  preco: 30,
  message: 2000,
} as const;

/** Photos one owner may send with the form (each one checked as an agent's upload is). */
export const CAPTACAO_MAX_PHOTOS = 10;
/** Per photo: the image pipeline's own limit (app/server/media/pipeline.server.ts, MAX_INPUT_BYTES). */
export const CAPTACAO_PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/** The whole form with its photos (the reverse proxy must let this through: README, nginx). */
export const CAPTACAO_FORM_MAX_BYTES = 40 * 1024 * 1024;
/** What the browser's file picker offers (the server checks the bytes, not this). */
export const CAPTACAO_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

export type CaptacaoTextField =
  | "name"
  | "phone"
  | "email"
  | "logradouro"
  | "bairro"
  | "cidade"
  | "tipo"
  | "finalidade"
  | "preco"
  | "message";
export type CaptacaoField = CaptacaoTextField | "consent" | "fotos";
export type CaptacaoFieldErrors = Partial<Record<CaptacaoField, string>>;
export type CaptacaoValues = Partial<Record<CaptacaoTextField, string>>;

/** Every text field, in the form's order (what a page rendered again gives back). */
export const CAPTACAO_TEXT_FIELDS: readonly CaptacaoTextField[] = [
  "name",
  "phone",
  "email",
  "tipo",
  "finalidade",
  "logradouro",
  "bairro",
  "cidade",
  "preco",
  "message",
];

/** The choices of "O que você quer fazer?", one per finalidade. */
export const CAPTACAO_FINALIDADE_LABELS: Record<Finalidade, string> = {
  venda: "Vender",
  aluguel: "Alugar (mensal)",
  temporada: "Alugar por temporada",
};

/** What the form's action answers (200, 400, 413 or 429: app/server/captacoes/submit.server.ts). */
export type CaptacaoActionData =
  | { ok: true; photos: number }
  | {
      ok: false;
      fieldErrors?: CaptacaoFieldErrors;
      /** A message for the whole form (too many posts, too large). */
      formError?: string;
      /** What was typed, so a page rendered again (without JavaScript) keeps it. */
      values?: CaptacaoValues;
      /** How many photos came with the refused post: a page rendered again cannot keep them. */
      photosSent?: number;
    };
