// Portuguese words the demo listings' titles, descriptions and photo captions share: lists,
// counts, areas, and nouns whose articles and adjectives agree with their gender.

import { formatCount } from "../../lib/format";
import { COMODIDADES, type Comodidade, type Tipo } from "../../lib/vocabulary";
import { RURAL } from "./listing-shape.server";

export function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} e ${items[items.length - 1]}`;
}

export function label(c: Comodidade): string {
  return COMODIDADES[c].label.toLowerCase();
}

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function quartosText(q: number, s: number): string {
  const base = formatCount(q, "quarto", "quartos");
  if (s === 0) return base;
  if (s === q) return formatCount(q, "suíte", "suítes");
  return `${base}, sendo ${formatCount(s, "suíte", "suítes")}`;
}

export const m2 = (v: number) => `${v.toLocaleString("pt-BR")} m²`;

export const NOUNS: Record<Tipo, { noun: string; feminine: boolean }> = {
  apartamento: { noun: "apartamento", feminine: false },
  casa: { noun: "casa", feminine: true },
  casa_condominio: { noun: "casa em condomínio", feminine: true },
  cobertura: { noun: "cobertura", feminine: true },
  flat: { noun: "flat", feminine: false },
  kitnet: { noun: "kitnet", feminine: true },
  loft: { noun: "loft", feminine: false },
  terreno: { noun: "terreno", feminine: false },
  lote_condominio: { noun: "lote em condomínio", feminine: false },
  chacara: { noun: "chácara", feminine: true },
  fazenda: { noun: "fazenda", feminine: true },
  sala_comercial: { noun: "sala comercial", feminine: true },
  loja: { noun: "loja", feminine: true },
  galpao: { noun: "galpão", feminine: false },
  predio_comercial: { noun: "prédio comercial", feminine: false },
};

/** "o apartamento" / "a casa", with a preposition contracted when given ("do", "da", "este", "esta"). */
export function article(tipo: Tipo, form: "o" | "do" | "este" | "um"): string {
  const f = NOUNS[tipo].feminine;
  const word = { o: f ? "a" : "o", do: f ? "da" : "do", este: f ? "esta" : "este", um: f ? "uma" : "um" }[
    form
  ];
  return `${word} ${NOUNS[tipo].noun}`;
}

export const ADJECTIVES: readonly [string, string][] = [
  ["Excelente", "Excelente"],
  ["Ótimo", "Ótima"],
  ["Belíssimo", "Belíssima"],
  ["Amplo", "Ampla"],
  ["Aconchegante", "Aconchegante"],
  ["Charmoso", "Charmosa"],
  ["Bem localizado", "Bem localizada"],
  ["Espaçoso", "Espaçosa"],
];

export function areaTotalText(tipo: Tipo, area: number): string {
  return RURAL.includes(tipo)
    ? `${(area / 10_000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} hectares`
    : m2(area);
}
