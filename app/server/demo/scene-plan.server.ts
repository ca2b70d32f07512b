// Which pictures a demo listing shows (scene kinds, cover first) and their Portuguese alt texts.
import type { SeededRandom } from "../../lib/seeded-random";
import { COMMERCIAL, type Draft, LAND, RURAL } from "./listing-shape.server";
import { article } from "./listing-words.server";
import { MACEIO } from "./places.server";
import type { SceneKind } from "./scenes.server";

export function scenes(rnd: SeededRandom, d: Draft): SceneKind[] {
  const { tipo } = d;
  const pool = d.comodidades.includes("piscina");
  const sea = d.place.beach;
  let kinds: SceneKind[];
  switch (tipo) {
    case "apartamento":
    case "cobertura":
    case "flat":
    case "kitnet":
    case "loft": {
      const cover: SceneKind = d.comodidades.includes("vista_mar") && rnd.chance(0.4) ? "beach" : "building";
      kinds = [cover, "living", "bedroom", "kitchen", "bathroom"];
      if (d.quartos >= 2) kinds.push("bedroom");
      if (pool) kinds.push("pool");
      if (sea && cover !== "beach") kinds.push("beach");
      if (d.quartos >= 3) kinds.push("living");
      if (tipo === "cobertura") kinds.push("pool", "aerial");
      if (tipo === "kitnet") kinds = [cover, "living", "kitchen", "bathroom"];
      break;
    }
    case "casa":
    case "casa_condominio":
      kinds = ["house", "living", "bedroom", "kitchen", "bathroom"];
      if (pool) kinds.splice(1, 0, "pool");
      if (d.quartos >= 3) kinds.push("bedroom");
      if (sea) kinds.push("beach");
      if (tipo === "casa_condominio") kinds.push("aerial");
      if (d.quartos >= 4) kinds.push("living");
      break;
    case "terreno":
    case "lote_condominio":
      kinds = sea ? ["land", "aerial", "land", "beach"] : ["land", "land", "land"];
      if (!sea) kinds.push(tipo === "lote_condominio" ? "house" : "land");
      if (tipo === "lote_condominio" && pool) kinds.push("pool");
      break;
    case "chacara":
    case "fazenda":
      kinds = ["land", "house", "land", "living", "kitchen", "bedroom"];
      if (pool) kinds.push("pool");
      if (sea) kinds.push("aerial");
      break;
    case "galpao":
      kinds = ["building", "land", "bathroom", "kitchen"];
      if (sea) kinds.push("aerial");
      break;
    default:
      // Commercial rooms and shops: facade, interiors staged as reception and pantry.
      kinds = ["building", "living", "bathroom", "kitchen"];
      if (tipo === "predio_comercial") kinds.push("building");
      break;
  }
  return kinds.slice(0, 10);
}

export function altText(kind: SceneKind, index: number, kinds: readonly SceneKind[], d: Draft): string {
  const { tipo, place } = d;
  const where = `${place.em}${place.cidade === MACEIO ? ", Maceió" : place.em.includes(place.cidade) ? "" : `, ${place.cidade}`}`;
  const commercial = COMMERCIAL.includes(tipo);
  const repeat = kinds.slice(0, index).filter((k) => k === kind).length;
  switch (kind) {
    case "building":
      if (repeat) return "Vista do edifício a partir da rua, com o jardim de entrada";
      return tipo === "galpao"
        ? `Fachada do galpão ${where}`
        : `Fachada do edifício ${article(tipo, "do")} ${where}`;
    case "house":
      if (RURAL.includes(tipo)) return `Casa sede ${article(tipo, "do")} ${where}`;
      return LAND.includes(tipo) ? "Casa já construída no condomínio" : `Fachada da casa com jardim ${where}`;
    case "beach":
      return index === 0
        ? `Praia em frente ${article(tipo, "o").replace(/^o /, "ao ").replace(/^a /, "à ")} ${where}`
        : `Praia próxima ao imóvel ${where}`;
    case "living":
      if (commercial) return "Recepção com sofá e boa iluminação natural";
      return repeat
        ? "Sala de estar integrada, com espaço para dois ambientes"
        : "Sala de estar ampla e iluminada, com janela panorâmica";
    case "bedroom":
      return repeat
        ? "Segundo quarto, com cama de casal e criados-mudos"
        : "Quarto de casal com cabeceira de madeira";
    case "kitchen":
      return commercial ? "Copa equipada" : "Cozinha planejada com ilha e bancada";
    case "bathroom":
      return commercial ? "Banheiro com bancada e espelho" : "Banheiro com box de vidro e bancada de madeira";
    case "pool":
      if (repeat) return "Piscina com deque e espreguiçadeiras ao sol";
      return tipo === "casa" ? "Piscina privativa com deque" : "Área de lazer com piscina e espreguiçadeiras";
    case "land":
      if (repeat === 0) return `Vista ${article(tipo, "do")} ${where}`;
      return (
        [
          "Área cercada, com acesso por estrada de terra",
          "Vegetação e divisas do terreno",
          "Vista do fundo do terreno",
        ][repeat - 1] ?? "Área do terreno"
      );
    case "aerial":
      return `Vista aérea do litoral ${where}`;
  }
}
