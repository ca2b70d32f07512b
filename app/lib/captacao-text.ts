// How a captação reads in the admin, its e-mail and the draft it becomes: "Apartamento à venda em
// Ponta Verde", "R$ 3.500/mês".
import { formatPrice } from "./format";
import { type Finalidade, TIPOS, type Tipo } from "./vocabulary";

const FINALIDADE_PHRASES: Record<Finalidade, string> = {
  venda: "à venda",
  aluguel: "para alugar",
  temporada: "para temporada",
};

/** "Casa para alugar em Jatiúca" (also the draft's title: see convert.server.ts). */
export function captacaoHeadline(captacao: { tipo: Tipo; finalidade: Finalidade; bairro: string }): string {
  return `${TIPOS[captacao.tipo].label} ${FINALIDADE_PHRASES[captacao.finalidade]} em ${captacao.bairro}`;
}

/** "R$ 850.000", "R$ 3.500/mês", "R$ 900/diária", or "não informado". */
export function expectedPriceText(price: number | null, finalidade: Finalidade): string {
  if (price === null) return "não informado";
  const suffix = finalidade === "aluguel" ? "/mês" : finalidade === "temporada" ? "/diária" : "";
  return `${formatPrice(price)}${suffix}`;
}
