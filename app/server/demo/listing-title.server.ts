// A demo listing's title: one of a few that fit its type, rooms and place, at most 100 characters.

import { formatCount } from "../../lib/format";
import type { SeededRandom } from "../../lib/seeded-random";
import { TIPOS } from "../../lib/vocabulary";
import type { Draft } from "./listing-shape.server";
import { areaTotalText, m2 } from "./listing-words.server";

export function title(rnd: SeededRandom, d: Draft): string {
  const { tipo, place } = d;
  const q = d.quartos;
  const qt = formatCount(q, "quarto", "quartos");
  const st = formatCount(d.suites, "suíte", "suítes");
  const em = place.em;
  const temporada = d.finalidades.includes("temporada") && !d.finalidades.includes("venda");
  const aluguel = d.finalidades.length === 1 && d.finalidades[0] === "aluguel";
  const seaView = d.comodidades.includes("vista_mar");
  const util = m2(d.areaUtil ?? 0);
  const total = m2(d.areaTotal ?? 0);
  const c: string[] = [];
  switch (tipo) {
    case "apartamento":
      if (temporada) {
        c.push(`Apartamento para temporada com ${qt} ${em}`, `Apartamento de temporada perto da praia ${em}`);
      } else if (aluguel) {
        c.push(`Apartamento ${qt} para alugar ${em}`, `Aluga-se apartamento de ${qt} ${em}`);
      } else {
        if (seaView)
          c.push(`Apartamento ${qt} com vista mar ${em}`, `Apartamento com vista mar e ${qt} ${em}`);
        if (d.frontMar) c.push(`Apartamento beira-mar com ${qt} ${em}`);
        c.push(
          d.suites > 0 ? `Apartamento ${qt}, ${st}, ${em}` : `Apartamento ${qt} ${em}`,
          `Apartamento de ${util} com ${qt} ${em}`,
          d.andar && d.andar > 10
            ? `Apartamento em andar alto com ${qt} ${em}`
            : `Apartamento de ${qt} ${em}`,
        );
      }
      break;
    case "cobertura":
      c.push(
        `Cobertura duplex com ${st} ${em}`,
        seaView
          ? `Cobertura com piscina privativa e vista mar ${em}`
          : `Cobertura com terraço gourmet e ${qt} ${em}`,
        `Cobertura de ${util} ${em}`,
      );
      break;
    case "flat":
      c.push(
        `Flat ${d.mobiliado ? "mobiliado " : ""}perto da praia ${em}`,
        `Flat com ${qt} e serviços ${em}`,
        temporada ? `Flat para temporada ${em}` : `Flat ${d.mobiliado ? "mobiliado" : "compacto"} ${em}`,
      );
      break;
    case "kitnet":
      c.push(`Kitnet ${d.mobiliado ? "mobiliada" : "reformada"} ${em}`, `Studio compacto de ${util} ${em}`);
      break;
    case "loft":
      c.push(`Loft moderno de ${util} ${em}`, `Loft com pé-direito alto ${em}`);
      break;
    case "casa":
      if (temporada) {
        c.push(`Casa de praia para temporada ${em}`, `Casa com ${qt} para temporada ${em}`);
      } else if (d.frontMar) {
        c.push(`Casa pé na areia com ${qt} ${em}`, `Casa de praia beira-mar ${em}`);
      } else if (aluguel) {
        c.push(`Casa de ${qt} para alugar ${em}`, `Aluga-se casa com ${qt} ${em}`);
      } else {
        c.push(
          `Casa ${rnd.chance(0.5) ? "térrea" : "duplex"} com ${qt} ${em}`,
          `Casa com ${qt} e quintal amplo ${em}`,
          d.comodidades.includes("piscina") ? `Casa com piscina e ${qt} ${em}` : `Casa de ${util} ${em}`,
        );
      }
      break;
    case "casa_condominio":
      c.push(
        `Casa em condomínio fechado com ${d.suites > 0 ? st : qt} ${em}`,
        `Casa de condomínio com ${qt} e lazer completo ${em}`,
        temporada ? `Casa em condomínio para temporada ${em}` : `Casa de ${util} em condomínio ${em}`,
      );
      break;
    case "terreno":
      c.push(
        `Terreno de ${total} ${em}`,
        d.frontMar ? `Terreno beira-mar ${em}` : `Terreno plano, pronto para construir, ${em}`,
        `Lote de ${total} ${em}`,
      );
      break;
    case "lote_condominio":
      c.push(`Lote em condomínio fechado ${em}`, `Lote de ${total} em condomínio ${em}`);
      break;
    case "chacara":
      c.push(
        `Chácara de ${areaTotalText(tipo, d.areaTotal ?? 0)} ${em}`,
        `Sítio com casa sede e pomar ${em}`,
      );
      break;
    case "fazenda":
      c.push(
        `Fazenda de ${areaTotalText(tipo, d.areaTotal ?? 0)} ${em}`,
        `Fazenda produtiva com sede e curral ${em}`,
      );
      break;
    case "sala_comercial":
      c.push(
        `Sala comercial de ${util} ${em}`,
        aluguel ? `Sala comercial para alugar ${em}` : `Sala comercial em edifício empresarial ${em}`,
      );
      break;
    case "loja":
      c.push(
        `Loja de ${util} ${em}`,
        `Ponto comercial em avenida movimentada ${em}`,
        `Loja de esquina com vitrine ampla ${em}`,
      );
      break;
    case "galpao":
      c.push(`Galpão de ${util} ${em}`, `Galpão logístico com pátio de manobras ${em}`);
      break;
    case "predio_comercial":
      c.push(`Prédio comercial de ${util} ${em}`, `Prédio comercial com recepção e elevador ${em}`);
      break;
  }
  const fitting = c.filter((t) => t.length >= 10 && t.length <= 100);
  return fitting.length > 0 ? rnd.pick(fitting) : `${TIPOS[tipo].label} ${em}`.slice(0, 100);
}
