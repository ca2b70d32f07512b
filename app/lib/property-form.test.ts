import { describe, expect, it } from "vitest";
import {
  fieldErrors,
  firstInvalidField,
  PROPERTY_FIELDS,
  PROPERTY_FORM_GROUPS,
  parsePropertyForm,
  propertyFormSchema,
  readPropertyForm,
  toFormInput,
} from "./property-form";

function form(entries: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(key, v);
  }
  return data;
}

const valid = {
  titulo: "Apartamento com vista mar na Ponta Verde",
  tipo: "apartamento",
  finalidades: ["venda"],
  precoVenda: "850.000",
  bairro: "Ponta Verde",
  cidade: "Maceió",
  uf: "al",
};

function errorsOf(entries: Record<string, string | string[]>) {
  const result = parsePropertyForm(form(entries));
  if (result.success) throw new Error("expected errors");
  return result.errors;
}

describe("property form schema", () => {
  it("accepts a minimal sale listing and fills the defaults", () => {
    const result = parsePropertyForm(form(valid));
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).toMatchObject({
      referencia: null,
      titulo: valid.titulo,
      tipo: "apartamento",
      finalidades: ["venda"],
      precoVenda: 850_000,
      precoAluguel: null,
      periodoAluguel: null,
      precoSobConsulta: false,
      quartos: 0,
      areaUtil: null,
      comodidades: [],
      uf: "AL",
      iptuPeriodo: "anual",
      visibilidadeEndereco: "bairro",
      status: "disponivel",
      publicacao: "rascunho",
      destaque: false,
      corretorId: null,
      descricao: "",
    });
  });

  it("writes a place with one space between words, as the search's links do", () => {
    const result = parsePropertyForm(
      form({ ...valid, bairro: " Ponta  Verde ", cidade: "Barra de\u00a0São Miguel" }),
    );
    expect(result.success && [result.data.bairro, result.data.cidade]).toEqual([
      "Ponta Verde",
      "Barra de São Miguel",
    ]);
  });

  it("covers every group and every editable column once", () => {
    const grouped = PROPERTY_FORM_GROUPS.flatMap((g) => g.fields);
    expect(grouped).toEqual(PROPERTY_FIELDS);
    expect(PROPERTY_FORM_GROUPS.map((g) => g.legend)).toEqual([
      "Dados básicos",
      "Valores",
      "Características",
      "Comodidades",
      "Endereço e mapa",
      "Mídia",
      "Publicação",
    ]);
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it("reads checkboxes as booleans and lists with getAll", () => {
    const input = readPropertyForm(
      form({ ...valid, comodidades: ["piscina", "academia"], destaque: "on", numero: "  " }),
    );
    expect(input.comodidades).toEqual(["piscina", "academia"]);
    expect(input.destaque).toBe(true);
    expect(input.publicarPortais).toBe(false);
    expect(input.numero).toBeUndefined();
  });

  it("mobiliado and aceita pet: sim, não, or não informado (null) when nothing is chosen", () => {
    const parsed = (entries: Record<string, string>) => {
      const result = parsePropertyForm(form({ ...valid, ...entries }));
      if (!result.success) throw new Error(JSON.stringify(result.errors));
      return [result.data.mobiliado, result.data.aceitaPet];
    };
    // An untouched form says nothing: not "Sem mobília", not "Não aceita pet".
    expect(parsed({})).toEqual([null, null]);
    expect(parsed({ mobiliado: "", aceitaPet: "" })).toEqual([null, null]);
    expect(parsed({ mobiliado: "sim", aceitaPet: "nao" })).toEqual([true, false]);
    expect(errorsOf({ ...valid, mobiliado: "on" }).mobiliado).toBe(
      "Mobiliado: escolha Sim, Não ou Não informado.",
    );
    // Back into the form: the radio buttons' values.
    expect(toFormInput({ mobiliado: true, aceitaPet: false })).toMatchObject({
      mobiliado: "sim",
      aceitaPet: "nao",
    });
    expect(toFormInput({ mobiliado: null })).not.toHaveProperty("mobiliado");
  });

  it("gives Portuguese messages at each required field", () => {
    const errors = errorsOf({});
    expect(errors.titulo).toBe("Informe o título.");
    expect(errors.tipo).toBe("Escolha o tipo do imóvel.");
    expect(errors.finalidades).toBe("Marque ao menos uma finalidade.");
    expect(errors.bairro).toBe("Informe o bairro.");
    expect(errors.cidade).toBe("Informe a cidade.");
    expect(errors.uf).toBe("Informe a UF.");
  });

  it("limits the title to 10–100 characters and the description to 3000", () => {
    expect(errorsOf({ ...valid, titulo: "Curto" }).titulo).toBe("O título deve ter ao menos 10 caracteres.");
    expect(errorsOf({ ...valid, titulo: "x".repeat(101) }).titulo).toBe(
      "O título deve ter no máximo 100 caracteres.",
    );
    expect(errorsOf({ ...valid, titulo: "Casa <b>linda</b> aqui" }).titulo).toMatch(/< ou >/);
    expect(errorsOf({ ...valid, descricao: "a".repeat(3001) }).descricao).toBe(
      "A descrição deve ter no máximo 3.000 caracteres.",
    );
    expect(parsePropertyForm(form({ ...valid, descricao: "a".repeat(3000) })).success).toBe(true);
  });

  it("requires the sale price for venda unless sob consulta", () => {
    const { precoVenda: _, ...noPrice } = valid;
    expect(errorsOf(noPrice).precoVenda).toBe("Informe o preço de venda ou marque Sob consulta.");
    const hidden = parsePropertyForm(form({ ...noPrice, precoSobConsulta: "on" }));
    expect(hidden.success).toBe(true);
    expect(
      errorsOf({ ...valid, finalidades: ["aluguel"], precoAluguel: "3500", periodoAluguel: "mensal" })
        .precoVenda,
    ).toBe("Marque a finalidade Venda ou apague o preço de venda.");
  });

  it("requires a monthly rent for aluguel and a daily/weekly one for temporada", () => {
    const rent = { ...valid, finalidades: ["aluguel"], precoVenda: "" };
    expect(errorsOf({ ...rent, periodoAluguel: "mensal" }).precoAluguel).toBe(
      "Informe o valor do aluguel ou marque Sob consulta.",
    );
    expect(errorsOf({ ...rent, precoAluguel: "3.500", periodoAluguel: "diaria" }).periodoAluguel).toBe(
      "Aluguel é mensal: escolha o período Mês.",
    );
    const ok = parsePropertyForm(form({ ...rent, precoAluguel: "3.500", periodoAluguel: "mensal" }));
    expect(ok.success && ok.data).toMatchObject({ precoAluguel: 3500, periodoAluguel: "mensal" });

    const season = { ...valid, finalidades: ["temporada"], precoVenda: "", precoAluguel: "900" };
    expect(errorsOf({ ...season, periodoAluguel: "mensal" }).periodoAluguel).toBe(
      "Temporada é cobrada por diária ou por semana.",
    );
    expect(parsePropertyForm(form({ ...season, periodoAluguel: "diaria" })).success).toBe(true);
    expect(parsePropertyForm(form({ ...season, periodoAluguel: "semanal" })).success).toBe(true);
    expect(
      errorsOf({ ...season, finalidades: ["aluguel", "temporada"], periodoAluguel: "mensal" }).finalidades,
    ).toMatch(/não os dois/);
  });

  it("sale and rent together, and drops a period without rent", () => {
    const both = parsePropertyForm(
      form({ ...valid, finalidades: ["aluguel", "venda"], precoAluguel: "4000", periodoAluguel: "mensal" }),
    );
    expect(both.success && both.data.finalidades).toEqual(["venda", "aluguel"]);
    const saleOnly = parsePropertyForm(form({ ...valid, periodoAluguel: "mensal" }));
    expect(saleOnly.success && saleOnly.data.periodoAluguel).toBeNull();
  });

  it("reads prices as whole reais and refuses cents and words", () => {
    const parse = (precoVenda: string) =>
      propertyFormSchema.safeParse(readPropertyForm(form({ ...valid, precoVenda })));
    expect(parse("R$ 1.250.000").data?.precoVenda).toBe(1_250_000);
    expect(parse("1250000,00").data?.precoVenda).toBe(1_250_000);
    expect(parse("850000").data?.precoVenda).toBe(850_000);
    for (const bad of ["850.000,50", "12,5", "mil", "-10", "1.25.000"]) {
      expect(errorsOf({ ...valid, precoVenda: bad }).precoVenda).toMatch(/sem centavos/);
    }
  });

  it("accepts only whole numbers ≥ 0 for counts and areas", () => {
    expect(errorsOf({ ...valid, quartos: "-1" }).quartos).toMatch(/número inteiro/);
    expect(errorsOf({ ...valid, banheiros: "2.5" }).banheiros).toMatch(/número inteiro/);
    expect(errorsOf({ ...valid, vagas: "100" }).vagas).toMatch(/de 0 a 99/);
    expect(errorsOf({ ...valid, areaUtil: "0" }).areaUtil).toMatch(/de 1 a/);
    expect(errorsOf({ ...valid, anoConstrucao: "1700" }).anoConstrucao).toMatch(/Ano de construção/);
    expect(errorsOf({ ...valid, quartos: "2", suites: "3" }).suites).toBe(
      "Suítes não podem passar do número de quartos.",
    );
  });

  it("normalises the CEP and the UF", () => {
    const ok = parsePropertyForm(form({ ...valid, cep: "57035000", uf: " al " }));
    expect(ok.success && [ok.data.cep, ok.data.uf]).toEqual(["57035-000", "AL"]);
    expect(errorsOf({ ...valid, cep: "5703-000" }).cep).toBe("CEP: use o formato 00000-000.");
    expect(errorsOf({ ...valid, uf: "Alagoas" }).uf).toMatch(/duas letras/);
  });

  it("checks coordinates are in range and come in pairs", () => {
    const ok = parsePropertyForm(form({ ...valid, latitude: "-9,6658", longitude: "-35.7353" }));
    expect(ok.success && [ok.data.latitude, ok.data.longitude]).toEqual([-9.6658, -35.7353]);
    expect(errorsOf({ ...valid, latitude: "-91", longitude: "0" }).latitude).toMatch(/entre -90 e 90/);
    expect(errorsOf({ ...valid, latitude: "0", longitude: "181" }).longitude).toMatch(/entre -180 e 180/);
    expect(errorsOf({ ...valid, latitude: "-9.6" }).longitude).toMatch(/juntas/);
  });

  it("wants https addresses for video and tour", () => {
    expect(errorsOf({ ...valid, videoUrl: "http://youtube.com/watch?v=1" }).videoUrl).toMatch(/https:\/\//);
    expect(errorsOf({ ...valid, tourUrl: "javascript:alert(1)" }).tourUrl).toMatch(/https:\/\//);
    const ok = parsePropertyForm(form({ ...valid, videoUrl: "https://www.youtube.com/watch?v=abc" }));
    expect(ok.success && ok.data.videoUrl).toBe("https://www.youtube.com/watch?v=abc");
  });

  it("upper-cases and checks the referência pattern", () => {
    const ok = parsePropertyForm(form({ ...valid, referencia: " ap0065 " }));
    expect(ok.success && ok.data.referencia).toBe("AP0065");
    expect(parsePropertyForm(form({ ...valid, referencia: "AP12345" })).success).toBe(true);
    for (const bad of ["A0001", "AP001", "APX001", "AP-0001", "1234AP"]) {
      expect(errorsOf({ ...valid, referencia: bad }).referencia).toMatch(/duas letras/);
    }
  });

  it("refuses unknown vocabulary", () => {
    const errors = errorsOf({
      ...valid,
      tipo: "castelo",
      finalidades: ["permuta"],
      comodidades: ["heliponto"],
    });
    expect(errors.tipo).toBe("Escolha o tipo do imóvel.");
    expect(errors.finalidades).toBe("Finalidade desconhecida.");
    expect(errors.comodidades).toBe("Comodidade desconhecida.");
  });

  it("round-trips a stored listing through the form values", () => {
    const first = parsePropertyForm(
      form({
        ...valid,
        referencia: "AP0042",
        finalidades: ["venda", "aluguel"],
        precoAluguel: "4.500",
        periodoAluguel: "mensal",
        condominio: "900",
        quartos: "3",
        suites: "1",
        comodidades: ["piscina"],
        latitude: "-9.663",
        longitude: "-35.702",
        corretorId: "7",
        destaque: "on",
        mobiliado: "sim",
        aceitaPet: "nao",
      }),
    );
    if (!first.success) throw new Error(JSON.stringify(first.errors));
    const values = toFormInput(first.data);
    expect(values.precoVenda).toBe("850.000");
    const again = propertyFormSchema.parse(values);
    expect(again).toEqual(first.data);
  });

  it("orders errors as the form shows them", () => {
    const errors = fieldErrors(propertyFormSchema.safeParse({ uf: "AL", cidade: "Maceió" }).error!);
    expect(firstInvalidField(errors)).toBe("titulo");
  });
});
