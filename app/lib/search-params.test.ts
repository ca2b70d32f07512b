import { describe, expect, it } from "vitest";
import { bairroCities, filterChips, resultCountText, searchLead, searchTitle } from "./search-describe";
import { emptyFilters, parseSearchFilters } from "./search-filters";
import {
  activeFilterCount,
  PARAM_ORDER,
  pageHref,
  placeValue,
  searchHref,
  searchQueryString,
  serializeSearchFilters,
} from "./search-params";

describe("parseSearchFilters", () => {
  it("gives the defaults for an empty query", () => {
    expect(emptyFilters()).toEqual({
      q: undefined,
      finalidade: undefined,
      tipo: [],
      cidade: undefined,
      bairro: undefined,
      precoMin: undefined,
      precoMax: undefined,
      quartos: undefined,
      suites: undefined,
      vagas: undefined,
      areaMin: undefined,
      areaMax: undefined,
      comodidades: [],
      mobiliado: false,
      pet: false,
      regiao: undefined,
      perto: undefined,
      centro: undefined,
      raio: undefined,
      chegada: undefined,
      saida: undefined,
      hospedes: undefined,
      ordem: "relevancia",
      pagina: 1,
      mapa: false,
    });
  });

  it("reads a temporada stay in the canonical order, as typed (decision 040)", () => {
    const filters = parseSearchFilters(
      "ordem=menor-preco&hospedes=6&saida=2027-01-03&cidade=Maragogi&chegada= 2026-12-27 &finalidade=temporada",
    );
    expect([filters.chegada, filters.saida, filters.hospedes]).toEqual(["2026-12-27", "2027-01-03", "6"]);
    expect(searchQueryString(filters)).toBe(
      "?finalidade=temporada&cidade=Maragogi&chegada=2026-12-27&saida=2027-01-03&hospedes=6&ordem=menor-preco",
    );
    // Dates choose temporada when no finalidade is chosen; beside venda they are dropped.
    expect(searchQueryString(parseSearchFilters("hospedes=4&chegada=2026-12-27"))).toBe(
      "?finalidade=temporada&chegada=2026-12-27&hospedes=4",
    );
    expect(searchQueryString(parseSearchFilters("finalidade=aluguel&chegada=2026-12-27"))).toBe(
      "?finalidade=aluguel",
    );
    // A stay is not one of the filters an indexed page may have (its page is noindex anyway).
    expect(activeFilterCount(filters)).toBe(2);
  });

  it("reads every parameter", () => {
    const f = parseSearchFilters(
      "q=apartamento+pajucara&finalidade=venda&tipo=apartamento&tipo=cobertura&cidade=Macei%C3%B3&bairro=Paju%C3%A7ara" +
        "&precoMin=300000&precoMax=900000&quartos=2&suites=1&vagas=2&areaMin=60&areaMax=200" +
        "&comodidades=piscina,academia&mobiliado=1&pet=1&regiao=-9.7,-35.76,-9.6,-35.7&centro=-9.66,-35.71" +
        "&raio=5&ordem=menor-preco&pagina=3&mapa=1",
    );
    expect(f).toEqual({
      q: "apartamento pajucara",
      finalidade: "venda",
      tipo: ["apartamento", "cobertura"],
      cidade: "Maceió",
      bairro: "Pajuçara",
      precoMin: 300000,
      precoMax: 900000,
      quartos: 2,
      suites: 1,
      vagas: 2,
      areaMin: 60,
      areaMax: 200,
      comodidades: ["piscina", "academia"],
      mobiliado: true,
      pet: true,
      regiao: { south: -9.7, west: -35.76, north: -9.6, east: -35.7 },
      perto: undefined,
      centro: { lat: -9.66, lng: -35.71 },
      raio: 5,
      ordem: "menor-preco",
      pagina: 3,
      mapa: true,
    });
  });

  it("drops bad values instead of failing", () => {
    const f = parseSearchFilters(
      "finalidade=comprar&tipo=castelo&tipo=casa&quartos=muitos&suites=-1&vagas=99&precoMin=abc&areaMax=" +
        "&comodidades=heliponto&mobiliado=talvez&ordem=aleatoria&pagina=0",
    );
    expect(f.finalidade).toBeUndefined();
    expect(f.tipo).toEqual(["casa"]);
    expect(f.quartos).toBeUndefined();
    expect(f.suites).toBeUndefined();
    expect(f.vagas).toBeUndefined();
    expect(f.precoMin).toBeUndefined();
    expect(f.areaMax).toBeUndefined();
    expect(f.comodidades).toEqual([]);
    expect(f.mobiliado).toBe(false);
    expect(f.ordem).toBe("relevancia");
    expect(f.pagina).toBe(1);
    expect(parseSearchFilters("pagina=2.5&quartos=2.5").pagina).toBe(1);
    expect(parseSearchFilters("pagina=99999999").pagina).toBe(1);
  });

  it("ignores the empty fields a GET form submits and keeps the first real value", () => {
    const f = parseSearchFilters("q=&finalidade=&tipo=&cidade=&quartos=&cidade=Macei%C3%B3&pet=");
    expect(f.q).toBeUndefined();
    expect(f.finalidade).toBeUndefined();
    expect(f.tipo).toEqual([]);
    expect(f.cidade).toBe("Maceió");
    expect(f.pet).toBe(false);
  });

  it("reads prices typed the Brazilian way", () => {
    expect(parseSearchFilters("precoMin=R%24+850.000%2C00").precoMin).toBe(850000);
    expect(parseSearchFilters("precoMax=1.250.000").precoMax).toBe(1250000);
    expect(parseSearchFilters("precoMax=0").precoMax).toBeUndefined();
    expect(parseSearchFilters("precoMax=1234567890123").precoMax).toBeUndefined();
  });

  it("swaps reversed ranges", () => {
    const f = parseSearchFilters("precoMin=900000&precoMax=300000&areaMin=200&areaMax=50");
    expect([f.precoMin, f.precoMax, f.areaMin, f.areaMax]).toEqual([300000, 900000, 50, 200]);
  });

  it("accepts lists repeated or comma-separated, deduplicated in the vocabulary's order", () => {
    const a = parseSearchFilters("tipo=casa_condominio,apartamento&tipo=casa&tipo=apartamento");
    expect(a.tipo).toEqual(["apartamento", "casa", "casa_condominio"]);
  });

  it("collapses whitespace and bounds free text", () => {
    expect(parseSearchFilters("q=%20%20casa%20%20%20praia%20").q).toBe("casa praia");
    expect(parseSearchFilters(`q=${"a".repeat(500)}`).q).toHaveLength(100);
    expect(parseSearchFilters("q=%20%20%20").q).toBeUndefined();
  });

  it("restricts tipos to the screen's own (Casas)", () => {
    const f = parseSearchFilters("tipo=apartamento&tipo=casa", { allowedTipos: ["casa", "casa_condominio"] });
    expect(f.tipo).toEqual(["casa"]);
  });

  it("reads FormData the same way", () => {
    const form = new FormData();
    form.append("tipo", "casa");
    form.append("quartos", "3");
    form.append("q", "");
    const f = parseSearchFilters(form);
    expect(f.tipo).toEqual(["casa"]);
    expect(f.quartos).toBe(3);
  });
});

describe("the map's filters", () => {
  it("reads a map area, swapped when reversed, to 5 decimals", () => {
    expect(parseSearchFilters("regiao=-9.6,-35.7,-9.7123456,-35.76").regiao).toEqual({
      south: -9.71235,
      west: -35.76,
      north: -9.6,
      east: -35.7,
    });
    expect(parseSearchFilters("regiao=-9.6,-35.7,-9.7").regiao).toBeUndefined();
    expect(parseSearchFilters("regiao=-99,-35.7,-9.7,-35.6").regiao).toBeUndefined();
    expect(parseSearchFilters("regiao=a,b,c,d").regiao).toBeUndefined();
  });

  it("gives a circle one centre, a place winning over a point, and 2 km unless told", () => {
    expect(parseSearchFilters("centro=-9.66,-35.71")).toMatchObject({
      centro: { lat: -9.66, lng: -35.71 },
      raio: 2,
    });
    expect(
      parseSearchFilters("perto=Macei%C3%B3%7CPaju%C3%A7ara&centro=-9.66,-35.71&raio=1,5"),
    ).toMatchObject({
      perto: "Maceió|Pajuçara",
      centro: undefined,
      raio: 1.5,
    });
    // A radius without a centre is no filter.
    expect(parseSearchFilters("raio=5").raio).toBeUndefined();
    expect(parseSearchFilters("centro=-9.66,-35.71&raio=80").raio).toBe(2);
  });

  it("writes them in the canonical order, the map view last, and round-trips", () => {
    const f = parseSearchFilters(
      "mapa=1&raio=5&centro=-9.66,-35.71&regiao=-9.7,-35.76,-9.6,-35.7&quartos=2&pagina=2",
    );
    const query = searchQueryString(f);
    expect(query).toBe(
      "?quartos=2&regiao=-9.7%2C-35.76%2C-9.6%2C-35.7&centro=-9.66%2C-35.71&raio=5&pagina=2&mapa=1",
    );
    expect(parseSearchFilters(query.slice(1))).toEqual(f);
    // The server's reading of a place (its centre) never joins the place in a URL.
    expect(
      searchQueryString({ ...parseSearchFilters("perto=Macei%C3%B3"), centro: { lat: 1, lng: 2 } }),
    ).toBe("?perto=Macei%C3%B3&raio=2");
  });

  it("chips say the area and the radius, and remove the whole circle", () => {
    const chips = filterChips(
      "/todos-os-imoveis",
      parseSearchFilters("regiao=-9.7,-35.76,-9.6,-35.7&perto=Macei%C3%B3%7CPaju%C3%A7ara&raio=0.5&mapa=1"),
    );
    expect(chips.map((c) => c.label)).toEqual(["Área escolhida no mapa", "Até 500 m de Pajuçara, Maceió"]);
    expect(chips[1]?.removeHref).toBe("/todos-os-imoveis?regiao=-9.7%2C-35.76%2C-9.6%2C-35.7&mapa=1");
    expect(
      filterChips("/casas", parseSearchFilters("centro=-9.66,-35.71&raio=1,5")).map((c) => c.label),
    ).toEqual(["Até 1,5 km do ponto escolhido"]);
  });

  it("removing Temporada takes the stay's dates and guests with it (they would choose it again)", () => {
    const filters = parseSearchFilters(
      "finalidade=temporada&cidade=Maragogi&chegada=2026-12-27&saida=2027-01-03&hospedes=6",
    );
    const chip = filterChips("/todos-os-imoveis", filters).find((c) => c.label === "Temporada");
    expect(chip?.removeHref).toBe("/todos-os-imoveis?cidade=Maragogi");
    const removed = parseSearchFilters(new URL(chip?.removeHref ?? "", "http://x").searchParams);
    expect(removed.finalidade).toBeUndefined();
  });
});

describe("serializeSearchFilters", () => {
  it("omits defaults: no filters is the bare path", () => {
    expect(searchQueryString(emptyFilters())).toBe("");
    expect(searchHref("/todos-os-imoveis", emptyFilters())).toBe("/todos-os-imoveis");
  });

  it("writes parameters in one fixed order whatever the input order", () => {
    const a = parseSearchFilters(
      "pagina=2&pet=1&tipo=casa&finalidade=aluguel&q=praia&quartos=3&ordem=recentes",
    );
    const b = parseSearchFilters(
      "ordem=recentes&quartos=3&q=praia&finalidade=aluguel&tipo=casa&pet=1&pagina=2",
    );
    expect(searchQueryString(a)).toBe(searchQueryString(b));
    expect(searchQueryString(a)).toBe(
      "?q=praia&finalidade=aluguel&tipo=casa&quartos=3&pet=1&ordem=recentes&pagina=2",
    );
  });

  it("round-trips: parse(serialize(f)) = f, serialize is idempotent", () => {
    const query =
      "q=vista+mar&finalidade=venda&tipo=apartamento&tipo=cobertura&cidade=Macei%C3%B3&bairro=Ponta+Verde" +
      "&precoMin=1&precoMax=2000000&quartos=2&suites=1&vagas=1&areaMin=50&areaMax=300&comodidades=piscina" +
      "&comodidades=vista_mar&mobiliado=1&pet=1&ordem=maior-area&pagina=4";
    const f = parseSearchFilters(query);
    const canonical = serializeSearchFilters(f);
    expect(parseSearchFilters(canonical)).toEqual(f);
    expect(serializeSearchFilters(parseSearchFilters(canonical)).toString()).toBe(canonical.toString());
    expect([...new Set([...canonical.keys()])]).toEqual(PARAM_ORDER.filter((k) => canonical.has(k)));
  });

  it("links pages without pagina=1", () => {
    const f = parseSearchFilters("finalidade=venda&pagina=3");
    expect(pageHref("/casas", f, 1)).toBe("/casas?finalidade=venda");
    expect(pageHref("/casas", f, 4)).toBe("/casas?finalidade=venda&pagina=4");
  });
});

describe("describing a search", () => {
  it("counts active filters (sort and page are not filters)", () => {
    expect(activeFilterCount(parseSearchFilters("ordem=recentes&pagina=3"))).toBe(0);
    expect(
      activeFilterCount(parseSearchFilters("tipo=casa&tipo=apartamento&precoMin=1&precoMax=2&pet=1")),
    ).toBe(3);
  });

  it("titles the page from the filter", () => {
    expect(searchTitle(parseSearchFilters("finalidade=venda&tipo=apartamento&cidade=Macei%C3%B3"))).toBe(
      "Apartamentos à venda em Maceió",
    );
    expect(
      searchTitle(parseSearchFilters("finalidade=aluguel&bairro=Paju%C3%A7ara&cidade=Macei%C3%B3")),
    ).toBe("Imóveis para alugar em Pajuçara, Maceió");
    expect(searchTitle(emptyFilters(), "Casas")).toBe("Casas à venda e para alugar em Alagoas");
    expect(searchTitle(parseSearchFilters("q=praia"))).toBe(
      "“praia”: imóveis à venda e para alugar em Alagoas",
    );
  });

  it("counts results in Portuguese", () => {
    expect(resultCountText(0)).toBe("Nenhum imóvel encontrado");
    expect(resultCountText(1)).toBe("1 imóvel encontrado");
    expect(resultCountText(1234)).toBe("1.234 imóveis encontrados");
  });

  it("gives one chip per filter, each linking to the search without it", () => {
    const f = parseSearchFilters(
      "finalidade=venda&tipo=casa&tipo=casa_condominio&precoMax=500000&quartos=1&comodidades=piscina&pet=1&pagina=3",
    );
    const chips = filterChips("/casas", f);
    expect(chips.map((c) => c.label)).toEqual([
      "À venda",
      "Casa",
      "Casa de condomínio",
      "até R$ 500.000",
      "1+ quarto",
      "Piscina",
      "Aceita pet",
    ]);
    expect(chips[1]?.removeHref).toBe(
      "/casas?finalidade=venda&tipo=casa_condominio&precoMax=500000&quartos=1&comodidades=piscina&pet=1",
    );
    expect(chips.at(-1)?.removeHref).not.toContain("pet=");
  });
});

it("says a temporada search's price is a night's (a weekly price counts as its seventh: nightlyPrice)", () => {
  const label = (query: string) =>
    filterChips("/todos-os-imoveis", parseSearchFilters(query)).find((c) => c.key === "preco")?.label;
  expect(label("finalidade=temporada&precoMax=500")).toBe("diária até R$ 500");
  expect(label("finalidade=temporada&precoMin=300")).toBe("diária a partir de R$ 300");
  expect(label("finalidade=temporada&precoMin=300&precoMax=500")).toBe("diária de R$ 300 a R$ 500");
  // Dates without a finalidade are temporada once the canonical redirect adds it (decision 040).
  expect(label("chegada=2026-12-27&saida=2027-01-03&finalidade=temporada&precoMax=800")).toBe(
    "diária até R$ 800",
  );
  // The other searches compare the number the card shows, per month for a rent: no unit added.
  expect(label("finalidade=aluguel&precoMax=3000")).toBe("até R$ 3.000");
  expect(label("precoMin=300&precoMax=500")).toBe("R$ 300 a R$ 500");
  expect(
    searchLead(
      "/todos-os-imoveis",
      parseSearchFilters("finalidade=temporada&cidade=Maragogi&precoMax=500"),
      "",
    ),
  ).toBe("Filtros aplicados: Temporada · Maragogi · diária até R$ 500.");
});

describe("a bairro and its city", () => {
  const facets = [
    { cidade: "Arapiraca", count: 3, bairros: [{ bairro: "Centro", count: 3 }] },
    {
      cidade: "Maceió",
      count: 9,
      bairros: [
        { bairro: "Centro", count: 2 },
        { bairro: "Pajuçara", count: 7 },
      ],
    },
    { cidade: "Maragogi", count: 4, bairros: [{ bairro: "Centro", count: 4 }] },
  ];

  it("a bairro picked under its city's group searches that city's bairro", () => {
    const value = placeValue("Maragogi", "Centro");
    const filters = parseSearchFilters(new URLSearchParams({ bairro: value }));
    expect([filters.cidade, filters.bairro]).toEqual(["Maragogi", "Centro"]);
    expect(searchHref("/todos-os-imoveis", filters)).toBe("/todos-os-imoveis?cidade=Maragogi&bairro=Centro");
    // Without JavaScript the form also sends the city select; the bairro's own city wins.
    const both = parseSearchFilters(new URLSearchParams({ cidade: "Maceió", bairro: value }));
    expect([both.cidade, both.bairro]).toEqual(["Maragogi", "Centro"]);
  });

  it("finds every city that has a bairro of that name, accents and case aside", () => {
    expect(bairroCities(facets, "centro")).toEqual(["Arapiraca", "Maceió", "Maragogi"]);
    expect(bairroCities(facets, "Pajucara")).toEqual(["Maceió"]);
    expect(bairroCities(facets, "Farol")).toEqual([]);
  });

  it("a bare bairro in several cities is not titled as one place", () => {
    expect(searchTitle(parseSearchFilters("bairro=Centro"), "Imóveis", facets)).toBe(
      "Imóveis à venda e para alugar em Centro (3 cidades)",
    );
    expect(searchTitle(parseSearchFilters("bairro=Paju%C3%A7ara"), "Imóveis", facets)).toBe(
      "Imóveis à venda e para alugar em Pajuçara, Maceió",
    );
    expect(searchTitle(parseSearchFilters("cidade=Maragogi&bairro=Centro"), "Imóveis", facets)).toBe(
      "Imóveis à venda e para alugar em Centro, Maragogi",
    );
  });
});

it("the line under the title says what was filtered, the screen's introduction until then", () => {
  const intro = "Apartamentos, casas e terrenos à venda e para alugar em Maceió e no litoral de Alagoas.";
  expect(searchLead("/todos-os-imoveis", emptyFilters(), intro)).toBe(intro);
  expect(searchLead("/todos-os-imoveis", parseSearchFilters("ordem=recentes&pagina=2"), intro)).toBe(intro);
  expect(
    searchLead(
      "/todos-os-imoveis",
      parseSearchFilters("finalidade=venda&cidade=Macei%C3%B3&quartos=3&precoMax=500000&pet=1"),
      intro,
    ),
  ).toBe("Filtros aplicados: À venda · Maceió · até R$ 500.000 · 3+ quartos · Aceita pet.");
});
