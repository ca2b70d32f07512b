// A demo listing's description: what and where, inside, common areas, then conditions and a call
// to action, kept between 300 and 1500 characters.

import { formatCount } from "../../lib/format";
import type { SeededRandom } from "../../lib/seeded-random";
import { COMODIDADES, type Comodidade } from "../../lib/vocabulary";
import { COMMERCIAL, type Draft, LAND, RURAL, VERTICAL } from "./listing-shape.server";
import {
  ADJECTIVES,
  areaTotalText,
  article,
  capitalize,
  label,
  list,
  m2,
  NOUNS,
  quartosText,
} from "./listing-words.server";
import { MACEIO } from "./places.server";
import type { Prices } from "./prices.server";

const COMMON_AMENITIES: readonly Comodidade[] = (Object.keys(COMODIDADES) as Comodidade[]).filter(
  (c) => COMODIDADES[c].area === "comum",
);

export function description(rnd: SeededRandom, d: Draft, p: Prices): string {
  const { tipo, place } = d;
  const { noun, feminine } = NOUNS[tipo];
  const g = (masculine: string, fem: string) => (feminine ? fem : masculine);
  const where = `${place.em}${place.cidade === MACEIO || place.em.includes(place.cidade) ? "" : `, ${place.cidade}`}`;
  const adj = rnd.pick(ADJECTIVES)[feminine ? 1 : 0];
  const paragraphs: string[] = [];
  const banheiros = formatCount(d.banheiros, "banheiro", "banheiros");
  const vagas = formatCount(d.vagas, "vaga", "vagas");

  // 1. What and where
  if (LAND.includes(tipo)) {
    const lote = tipo === "lote_condominio" ? "Lote" : "Terreno";
    paragraphs.push(
      rnd.pick([
        `${lote} de ${m2(d.areaTotal ?? 0)} ${where}, ${rnd.pick(["plano", "de topografia suave", "com frente ampla", "já murado"])} e com documentação em dia. ${place.note}`,
        `Oportunidade para quem quer construir ${where}: ${lote.toLowerCase()} com ${m2(d.areaTotal ?? 0)}, ${rnd.pick(["escritura pública", "documentação regularizada", "registro em cartório"])} e acesso por via ${rnd.pick(["pavimentada", "asfaltada", "calçada"])}. ${place.note}`,
      ]),
    );
  } else if (COMMERCIAL.includes(tipo)) {
    paragraphs.push(
      rnd.pick([
        `${adj} ${noun} ${where}, com ${m2(d.areaUtil ?? 0)} de área útil, ${banheiros}${d.vagas ? ` e ${vagas} de garagem` : ""}. ${place.note}`,
        `${capitalize(noun)} ${where} com ${m2(d.areaUtil ?? 0)}, ideal para ${rnd.pick(["escritório, consultório ou clínica", "varejo, franquias ou serviços", "empresas que buscam visibilidade", "distribuição ou indústria leve"])}. ${place.note}`,
      ]),
    );
  } else {
    const rooms = quartosText(d.quartos, d.suites);
    const lot = d.areaTotal
      ? ` em ${RURAL.includes(tipo) ? "uma área" : "um terreno"} de ${areaTotalText(tipo, d.areaTotal)}`
      : "";
    paragraphs.push(
      rnd.pick([
        `${adj} ${noun} ${where}, com ${rooms}. São ${m2(d.areaUtil ?? 0)} de área útil${lot}, ${d.vagas ? `${vagas} de garagem` : "sem vaga de garagem"} e ${banheiros}. ${place.note}`,
        `${capitalize(noun)} ${where} com ${rooms}, ${m2(d.areaUtil ?? 0)} bem aproveitados${lot} e ${d.vagas ? vagas : "fácil acesso a transporte"}. ${place.note}`,
        `Imagine morar ${where}: ${article(tipo, "este")} tem ${rooms}, ${m2(d.areaUtil ?? 0)} de área útil e ${banheiros}. ${place.note}`,
      ]),
    );
  }

  // 2. Inside
  const inside: string[] = [];
  const priv = d.comodidades.filter(
    (c) => COMODIDADES[c].area === "privativa" && c !== "vista_mar" && c !== "pe_na_areia",
  );
  if (VERTICAL.includes(tipo) && d.andar) {
    inside.push(
      rnd.pick([
        `Fica no ${d.andar}º andar, em posição ${rnd.pick(["nascente", "nascente total", "leste", "sul"])}, com ótima ventilação e iluminação natural.`,
        `${g("Localizado", "Localizada")} no ${d.andar}º andar, recebe o sol da manhã e a brisa do mar durante todo o dia.`,
        `No ${d.andar}º andar, tem ambientes claros e arejados, com ${rnd.pick(["piso em porcelanato", "piso laminado nos quartos", "acabamento de alto padrão"])}.`,
      ]),
    );
  } else if (COMMERCIAL.includes(tipo)) {
    inside.push(
      rnd.pick([
        "O espaço tem planta livre, fácil de adaptar ao seu negócio, com boa entrada de luz natural.",
        "Possui recepção, copa e instalações elétricas preparadas para equipamentos de informática.",
        "Pé-direito alto, piso de alta resistência e infraestrutura pronta para começar a operar.",
      ]),
    );
  } else if (!LAND.includes(tipo)) {
    inside.push(
      rnd.pick([
        "Os ambientes são integrados e bem iluminados, com pé-direito generoso e ventilação cruzada.",
        "A sala ampla para dois ambientes se abre para a área externa, perfeita para receber a família.",
        "Construção sólida e bem conservada, com acabamento em porcelanato e esquadrias de alumínio.",
      ]),
    );
  }
  if (priv.length > 0) inside.push(`Conta com ${list(priv.map(label))}.`);
  if (d.comodidades.includes("vista_mar")) {
    inside.push(
      rnd.pick([
        "A vista para o mar é o grande destaque: dá para acompanhar as jangadas e o nascer do sol.",
        "Tem vista para o mar esverdeado de Alagoas, um convite para relaxar no fim da tarde.",
        "A vista mar permanente valoriza o imóvel e garante fins de tarde inesquecíveis.",
      ]),
    );
  }
  if (d.comodidades.includes("pe_na_areia")) inside.push("Pé na areia: do portão direto para a praia.");
  if (d.mobiliado) {
    inside.push(
      rnd.pick([
        `${g("Entregue mobiliado", "Entregue mobiliada")} e com eletrodomésticos, é só trazer as malas.`,
        "Vem com móveis, eletrodomésticos, enxoval e utensílios de cozinha.",
      ]),
    );
  }
  if (d.aceitaPet && !LAND.includes(tipo) && !COMMERCIAL.includes(tipo))
    inside.push("Aceita animais de estimação.");
  if (inside.length > 0) paragraphs.push(inside.join(" "));

  // 3. Common areas
  const common = d.comodidades.filter((c) => COMMON_AMENITIES.includes(c));
  if (common.length >= 2) {
    const who = tipo === "casa" || RURAL.includes(tipo) ? "A propriedade" : "O condomínio";
    const fee = p.condominio
      ? `, com taxa de condomínio de R$ ${p.condominio.toLocaleString("pt-BR")} por mês`
      : "";
    paragraphs.push(
      rnd.pick([
        `${who} oferece ${list(common.map(label))}, com segurança e conforto para toda a família.`,
        `Para o lazer e o dia a dia: ${list(common.map(label))}.`,
        `${who} tem ${list(common.map(label))}${who === "O condomínio" ? fee : ""}.`,
      ]),
    );
  }

  // 4. Conditions and call to action
  const closing: string[] = [];
  if (d.finalidades.includes("temporada")) {
    closing.push(
      rnd.pick([
        `Disponível para temporada, com mínimo de ${rnd.int(2, 4)} diárias${rnd.chance(0.5) ? " e roupa de cama e banho inclusas" : ""}. Consulte as datas de feriados e alta estação.`,
        "Ideal para férias em família ou com amigos. Reserva com 30% de sinal e o restante na chegada.",
      ]),
    );
  }
  if (d.finalidades.includes("aluguel")) {
    closing.push(
      rnd.pick([
        "Locação com contrato de 30 meses; aceita seguro-fiança, caução ou título de capitalização.",
        "Aluguel com garantia por seguro-fiança ou caução de três meses, disponível para mudança imediata.",
      ]),
    );
  }
  if (d.finalidades.includes("venda")) {
    closing.push(
      rnd.pick([
        LAND.includes(tipo) || RURAL.includes(tipo)
          ? "Aceita proposta com entrada e parcelamento direto com o proprietário."
          : COMMERCIAL.includes(tipo)
            ? "Aceita financiamento bancário para imóveis comerciais, sujeito à análise de crédito."
            : "Aceita financiamento bancário e uso do FGTS, conforme as regras do banco.",
        "Documentação em dia e pronta para a escritura.",
        "O proprietário estuda propostas e permuta por imóvel de menor valor.",
      ]),
    );
  }
  closing.push(
    rnd.pick([
      "Agende sua visita com a nossa equipe de corretores.",
      "Fale com a gente pelo WhatsApp e marque uma visita.",
      "Entre em contato para receber mais fotos e agendar uma visita.",
    ]),
  );
  paragraphs.push(closing.join(" "));

  // Keep 300–1500 characters: drop a middle paragraph when long, add context when short.
  let text = paragraphs.join("\n\n");
  while (text.length > 1500 && paragraphs.length > 2) {
    paragraphs.splice(paragraphs.length - 2, 1);
    text = paragraphs.join("\n\n");
  }
  if (text.length < 300) {
    paragraphs.splice(
      1,
      0,
      `A região reúne ${rnd.pick(["padarias, farmácias e supermercados", "escolas, academias e restaurantes", "comércio, serviços e transporte"])} a poucos minutos, e a equipe da Imóveis em Alagoas acompanha toda a negociação, da visita à entrega das chaves.`,
    );
    text = paragraphs.join("\n\n");
  }
  return text.length > 1500 ? `${text.slice(0, 1497).replace(/\s+\S*$/, "")}…` : text;
}
