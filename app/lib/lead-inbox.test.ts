import { describe, expect, it } from "vitest";
import { leadListQuerySchema, leadSuggestionSchema, MAX_SUGGESTIONS } from "./lead-inbox";

describe("leadSuggestionSchema", () => {
  it("joins the ticked listings and the typed ones, upper-cased, each once, in order", () => {
    expect(
      leadSuggestionSchema.parse({ ref: ["AP0001", "CA0002"], outras: " ca0002, te-01;LJ0004\nap0001 " }),
    ).toEqual(["AP0001", "CA0002", "TE-01", "LJ0004"]);
  });

  it("asks for at least one, at most the limit, and only referências", () => {
    const message = (input: { ref: string[]; outras: string }) =>
      leadSuggestionSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ ref: [], outras: " , " })).toBe("Escolha ao menos um imóvel para sugerir.");
    const many = Array.from({ length: MAX_SUGGESTIONS + 1 }, (_, i) => `AP${i}`);
    expect(message({ ref: many, outras: "" })).toBe(
      `Sugira no máximo ${MAX_SUGGESTIONS} imóveis de uma vez.`,
    );
    expect(message({ ref: [], outras: "<script>" })).toBe(
      "Referência inválida: use letras, números e hífen.",
    );
  });
});

describe("leadListQuerySchema", () => {
  it("ignores a day that does not exist and an agent's id past the database's integers", () => {
    const query = (params: string) =>
      leadListQuerySchema.parse(Object.fromEntries(new URLSearchParams(params)));
    expect(query("de=2026-03-01&ate=2026-03-31")).toMatchObject({ de: "2026-03-01", ate: "2026-03-31" });
    expect(query("de=2026-13-01&ate=2026-02-31&corretor=3000000000")).toEqual({});
  });
});
