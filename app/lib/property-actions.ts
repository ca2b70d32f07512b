// The buttons of the property edit screen (besides saving the form), one schema for all of them.
import { z } from "zod";
import { STATUS_KEYS } from "./vocabulary";

export const propertyActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("publicar") }),
    z.object({ intent: z.literal("despublicar") }),
    z.object({ intent: z.literal("arquivar") }),
    z.object({ intent: z.literal("destacar") }),
    z.object({ intent: z.literal("remover-destaque") }),
    z.object({
      intent: z.literal("status"),
      status: z.enum(STATUS_KEYS, { error: "Escolha uma situação da lista." }),
    }),
    z.object({ intent: z.literal("duplicar") }),
    // Deleting needs an explicit second step: the confirmation dialog (or page) sends confirmar=sim.
    z.object({ intent: z.literal("excluir"), confirmar: z.literal("sim").optional() }),
  ],
  { error: "Ação desconhecida." },
);

export type PropertyAction = z.output<typeof propertyActionSchema>;

export function parsePropertyAction(form: FormData) {
  const raw: Record<string, string> = {};
  for (const key of ["intent", "status", "confirmar"]) {
    const value = form.get(key);
    if (typeof value === "string" && value !== "") raw[key] = value;
  }
  return propertyActionSchema.safeParse(raw);
}

/** The confirmation shown after an action, keyed by the `ok` query parameter. */
export const PROPERTY_NOTICES = {
  criado: "Imóvel cadastrado. Agora envie as fotos.",
  salvo: "Alterações salvas.",
  publicado: "Imóvel publicado no site.",
  despublicado: "Imóvel despublicado: voltou a ser rascunho.",
  arquivado: "Imóvel arquivado.",
  destacado: "Imóvel marcado como destaque.",
  "destaque-removido": "Destaque removido.",
  status: "Situação atualizada.",
  duplicado: "Cópia criada como rascunho. Revise os dados antes de publicar.",
  captacao:
    "Rascunho criado a partir da captação, com as fotos do proprietário. Revise os dados e escreva a descrição antes de publicar.",
  excluido: "Imóvel excluído.",
  fotos: "Fotos atualizadas.",
} as const;
export type PropertyNotice = keyof typeof PROPERTY_NOTICES;

export function noticeOf(search: URLSearchParams): string | null {
  const key = search.get("ok");
  return key && key in PROPERTY_NOTICES ? PROPERTY_NOTICES[key as PropertyNotice] : null;
}
