// The property form's one schema, run in the browser before submit and in the action always.
// Input is what a <form> sends (strings, checkbox lists); output matches the properties table.
import { z } from "zod";
import {
  checkbox,
  choice,
  coordinate,
  count,
  httpsUrl,
  money,
  optionalInteger,
  optionalText,
  text,
  yesNoUnknown,
} from "./form-field-schemas";
import { formatInteger } from "./format";
import {
  ADDRESS_VISIBILITY_KEYS,
  COMODIDADE_KEYS,
  FINALIDADE_KEYS,
  IPTU_PERIOD_KEYS,
  PUBLICATION_KEYS,
  RENT_PERIOD_KEYS,
  STATUS_KEYS,
  TIPO_KEYS,
} from "./vocabulary";

const oneSpace = (value: string) => value.replace(/\s+/g, " ");

export const REFERENCIA_PATTERN = /^[A-Z]{2}\d{4,}$/;
export const TITULO_MIN = 10;
export const TITULO_MAX = 100;
export const DESCRICAO_MAX = 3000;
const MAX_SALE_PRICE = 10_000_000_000;
// preco_aluguel, condominio and iptu are int4 columns.
const MAX_INT4_PRICE = 100_000_000;

// ---------------------------------------------------------------------------------------------
// The groups, as the form shows them (fieldset legends).

const dadosBasicos = {
  referencia: z
    .string()
    .trim()
    .toUpperCase()
    .max(20, "Referência: no máximo 20 caracteres.")
    .regex(REFERENCIA_PATTERN, "Referência: duas letras e ao menos quatro números, ex.: AP0042.")
    .optional()
    .transform((v) => v ?? null),
  titulo: text("Informe o título.", TITULO_MAX, `O título deve ter no máximo ${TITULO_MAX} caracteres.`)
    .min(TITULO_MIN, `O título deve ter ao menos ${TITULO_MIN} caracteres.`)
    .refine((v) => !/[<>]/.test(v), "O título não pode conter os sinais < ou >."),
  tipo: choice(TIPO_KEYS, "Escolha o tipo do imóvel."),
  finalidades: z
    .array(choice(FINALIDADE_KEYS, "Finalidade desconhecida."), { error: "Marque ao menos uma finalidade." })
    .min(1, "Marque ao menos uma finalidade.")
    .transform((list) => FINALIDADE_KEYS.filter((key) => list.includes(key))),
  descricao: z
    .string()
    .trim()
    .max(DESCRICAO_MAX, `A descrição deve ter no máximo ${DESCRICAO_MAX.toLocaleString("pt-BR")} caracteres.`)
    .optional()
    .transform((v) => v ?? ""),
};

const valores = {
  precoVenda: money("Preço de venda", MAX_SALE_PRICE),
  precoAluguel: money("Valor do aluguel", MAX_INT4_PRICE),
  periodoAluguel: choice(RENT_PERIOD_KEYS, "Escolha o período do aluguel.")
    .optional()
    .transform((v) => v ?? null),
  precoSobConsulta: checkbox,
  condominio: money("Condomínio", MAX_INT4_PRICE),
  iptu: money("IPTU", MAX_INT4_PRICE),
  iptuPeriodo: choice(IPTU_PERIOD_KEYS, "Escolha se o IPTU é anual ou mensal.").default("anual"),
};

const caracteristicas = {
  quartos: count("Quartos"),
  suites: count("Suítes"),
  banheiros: count("Banheiros"),
  vagas: count("Vagas"),
  areaUtil: optionalInteger("Área útil", 1, 10_000_000),
  areaTotal: optionalInteger("Área total", 1, 100_000_000),
  andar: optionalInteger("Andar", 0, 300),
  anoConstrucao: optionalInteger("Ano de construção", 1800, new Date().getFullYear() + 5),
  mobiliado: yesNoUnknown("Mobiliado"),
  aceitaPet: yesNoUnknown("Aceita pet"),
};

const comodidades = {
  comodidades: z
    .array(choice(COMODIDADE_KEYS, "Comodidade desconhecida."))
    .optional()
    .transform((list) => COMODIDADE_KEYS.filter((key) => list?.includes(key))),
};

const endereco = {
  cep: z
    .string()
    .trim()
    .regex(/^\d{5}-?\d{3}$/, "CEP: use o formato 00000-000.")
    .transform((v) => `${v.replace("-", "").slice(0, 5)}-${v.replace("-", "").slice(5)}`)
    .optional()
    .transform((v) => v ?? null),
  logradouro: optionalText(200, "Logradouro: no máximo 200 caracteres."),
  numero: optionalText(20, "Número: no máximo 20 caracteres."),
  complemento: optionalText(100, "Complemento: no máximo 100 caracteres."),
  // One space between words, as the search's filter writes a place (search-filters.ts): "Ponta
  // Verde" typed with two spaces would otherwise be a bairro no search link could find.
  bairro: text("Informe o bairro.", 100, "Bairro: no máximo 100 caracteres.").transform(oneSpace),
  cidade: text("Informe a cidade.", 100, "Cidade: no máximo 100 caracteres.").transform(oneSpace),
  uf: z
    .string({ error: "Informe a UF." })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "UF: use a sigla de duas letras, ex.: AL."),
  latitude: coordinate("Latitude", 90),
  longitude: coordinate("Longitude", 180),
  visibilidadeEndereco: choice(ADDRESS_VISIBILITY_KEYS, "Escolha o que mostrar do endereço.").default(
    "bairro",
  ),
};

const midia = {
  videoUrl: httpsUrl("Vídeo"),
  tourUrl: httpsUrl("Tour virtual"),
};

const publicacao = {
  status: choice(STATUS_KEYS, "Escolha a situação do imóvel.").default("disponivel"),
  publicacao: choice(PUBLICATION_KEYS, "Escolha a publicação.").default("rascunho"),
  destaque: checkbox,
  publicarPortais: checkbox,
  corretorId: z
    .string()
    .regex(/^\d+$/, "Escolha um corretor da lista.")
    .transform(Number)
    .optional()
    .transform((v) => v ?? null),
};

export const PROPERTY_FORM_GROUPS = [
  { id: "dados-basicos", legend: "Dados básicos", fields: Object.keys(dadosBasicos) },
  { id: "valores", legend: "Valores", fields: Object.keys(valores) },
  { id: "caracteristicas", legend: "Características", fields: Object.keys(caracteristicas) },
  { id: "comodidades", legend: "Comodidades", fields: Object.keys(comodidades) },
  { id: "endereco", legend: "Endereço e mapa", fields: Object.keys(endereco) },
  { id: "midia", legend: "Mídia", fields: Object.keys(midia) },
  { id: "publicacao", legend: "Publicação", fields: Object.keys(publicacao) },
] as const;

const shape = {
  ...dadosBasicos,
  ...valores,
  ...caracteristicas,
  ...comodidades,
  ...endereco,
  ...midia,
  ...publicacao,
};

export type PropertyField = keyof typeof shape;
export const PROPERTY_FIELDS = Object.keys(shape) as PropertyField[];

type Draft = z.output<z.ZodObject<typeof shape>>;

/** Rules that tie fields together; each issue lands on the field the person has to change. */
function crossFieldRules(p: Draft, ctx: z.RefinementCtx): void {
  const issue = (path: PropertyField, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  const venda = p.finalidades.includes("venda");
  const aluguel = p.finalidades.includes("aluguel");
  const temporada = p.finalidades.includes("temporada");

  if (aluguel && temporada) {
    issue("finalidades", "Escolha Aluguel (mensal) ou Temporada (diária/semanal), não os dois.");
  }
  if (venda && p.precoVenda === null && !p.precoSobConsulta) {
    issue("precoVenda", "Informe o preço de venda ou marque Sob consulta.");
  }
  if (!venda && p.precoVenda !== null) {
    issue("precoVenda", "Marque a finalidade Venda ou apague o preço de venda.");
  }
  if ((aluguel || temporada) && p.precoAluguel === null && !p.precoSobConsulta) {
    issue("precoAluguel", "Informe o valor do aluguel ou marque Sob consulta.");
  }
  if (!aluguel && !temporada && p.precoAluguel !== null) {
    issue("precoAluguel", "Marque Aluguel ou Temporada, ou apague o valor do aluguel.");
  }
  if (aluguel && !temporada && p.periodoAluguel !== "mensal") {
    issue("periodoAluguel", "Aluguel é mensal: escolha o período Mês.");
  }
  if (temporada && !aluguel && p.periodoAluguel !== "diaria" && p.periodoAluguel !== "semanal") {
    issue("periodoAluguel", "Temporada é cobrada por diária ou por semana.");
  }
  if (p.suites > p.quartos) {
    issue("suites", "Suítes não podem passar do número de quartos.");
  }
  if ((p.latitude === null) !== (p.longitude === null)) {
    issue(p.latitude === null ? "latitude" : "longitude", "Informe latitude e longitude juntas, ou nenhuma.");
  }
}

export const propertyFormSchema = z
  .object(shape)
  .superRefine(crossFieldRules)
  // The rent period means nothing without a rent finalidade.
  .transform((p) => ({
    ...p,
    periodoAluguel:
      p.finalidades.includes("aluguel") || p.finalidades.includes("temporada") ? p.periodoAluguel : null,
  }));

export type PropertyFormData = z.output<typeof propertyFormSchema>;

// ---------------------------------------------------------------------------------------------
// Between the form and the schema

const BOOLEAN_FIELDS = new Set<PropertyField>(["precoSobConsulta", "destaque", "publicarPortais"]);
/** Sim / Não / Não informado (radio buttons sending "sim", "nao" or nothing; null when unsaid). */
const YES_NO_FIELDS = new Set<PropertyField>(["mobiliado", "aceitaPet"]);
const LIST_FIELDS = new Set<PropertyField>(["finalidades", "comodidades"]);

export type PropertyFormInput = Partial<Record<PropertyField, string | string[] | boolean>>;

/** What a submitted <form> means: blank inputs are absent, checkboxes are booleans, lists are arrays. */
export function readPropertyForm(form: FormData): PropertyFormInput {
  const input: PropertyFormInput = {};
  for (const field of PROPERTY_FIELDS) {
    if (BOOLEAN_FIELDS.has(field)) {
      input[field] = form.has(field);
    } else if (LIST_FIELDS.has(field)) {
      input[field] = form.getAll(field).filter((v): v is string => typeof v === "string");
    } else {
      const value = form.get(field);
      if (typeof value === "string" && value.trim() !== "") input[field] = value;
    }
  }
  return input;
}

export type PropertyFieldErrors = Partial<Record<PropertyField, string>>;

/** The first message for each field, for showing beside it. */
export function fieldErrors(error: z.ZodError): PropertyFieldErrors {
  const errors: PropertyFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as PropertyField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export type PropertyFormResult =
  | { success: true; data: PropertyFormData }
  | { success: false; errors: PropertyFieldErrors; values: PropertyFormInput };

/** Read and validate a submitted property form (browser and server). */
export function parsePropertyForm(form: FormData): PropertyFormResult {
  const values = readPropertyForm(form);
  const result = propertyFormSchema.safeParse(values);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, errors: fieldErrors(result.error), values };
}

/** The field order the form shows, to focus the first invalid field. */
export function firstInvalidField(errors: PropertyFieldErrors): PropertyField | undefined {
  return PROPERTY_FIELDS.find((field) => errors[field]);
}

/** A stored property as form values (prices with thousands separators, as people type them). */
export function toFormInput(
  p: { [K in PropertyField]?: string | number | boolean | readonly string[] | null },
): PropertyFormInput {
  const input: PropertyFormInput = {};
  for (const field of PROPERTY_FIELDS) {
    const value = p[field];
    if (value === null || value === undefined) continue;
    if (YES_NO_FIELDS.has(field) && typeof value === "boolean") input[field] = value ? "sim" : "nao";
    else if (typeof value === "boolean" || typeof value === "string") input[field] = value;
    else if (typeof value === "number") {
      input[field] = ["precoVenda", "precoAluguel", "condominio", "iptu"].includes(field)
        ? formatInteger(value)
        : String(value);
    } else input[field] = [...value];
  }
  return input;
}
