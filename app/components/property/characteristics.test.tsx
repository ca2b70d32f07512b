// Mobiliado and aceita pet on a listing page: said when the agent said it, unsaid when not.
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import type { PublicListing } from "../../lib/listing";
import { Characteristics } from "./characteristics";

function facts(mobiliado: boolean | null, aceitaPet: boolean | null): string {
  const listing = {
    quartos: 2,
    suites: 0,
    banheiros: 1,
    vagas: 0,
    areaUtil: null,
    areaTotal: null,
    andar: null,
    anoConstrucao: null,
    mobiliado,
    aceitaPet,
  } as unknown as PublicListing;
  return renderToStaticMarkup(<Characteristics listing={listing} />);
}

it("não informado publishes nothing about furniture or pets", () => {
  const html = facts(null, null);
  expect(html).toContain("2 quartos");
  for (const text of ["Mobiliado", "Sem mobília", "Aceita pet", "Não aceita pet"])
    expect(html).not.toContain(text);
});

it("sim and não are published as the agent set them", () => {
  expect(facts(true, true)).toContain("Mobiliado");
  expect(facts(true, true)).toContain("Aceita pet");
  expect(facts(false, false)).toContain("Sem mobília");
  expect(facts(false, false)).toContain("Não aceita pet");
});
