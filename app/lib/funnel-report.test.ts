import { describe, expect, it } from "vitest";
import {
  formatDuration,
  formatPercent,
  funnelSearch,
  isSourceKey,
  monthName,
  monthOf,
  monthShort,
  parseFunnelQuery,
  periodName,
  readMonth,
  sourceName,
} from "./funnel-report";

const parse = (params: Record<string, string>, now = new Date("2026-06-15T12:00:00.000Z")) =>
  parseFunnelQuery(new URLSearchParams(params), now);

describe("the report's period", () => {
  it("defaults to the last six months in Maceió time, this one included", () => {
    expect(parse({}).query).toEqual({ de: "2026-01", ate: "2026-06" });
    // 23:30 on 30 June in Maceió is 02:30 UTC on 1 July: still June.
    expect(parse({}, new Date("2026-07-01T02:30:00.000Z")).query).toMatchObject({
      de: "2026-01",
      ate: "2026-06",
    });
    expect(parse({}, new Date("2026-07-01T03:00:00.000Z")).query).toMatchObject({
      de: "2026-02",
      ate: "2026-07",
    });
    // Across a new year.
    expect(parse({}, new Date("2026-02-10T12:00:00.000Z")).query).toMatchObject({
      de: "2025-09",
      ate: "2026-02",
    });
  });

  it("reads months as <input type=month> sends them and as someone types them", () => {
    expect(readMonth("2026-03")).toBe("2026-03");
    expect(readMonth("03/2026")).toBe("2026-03");
    expect(readMonth("3/2026")).toBe("2026-03");
    expect(readMonth(" 2026-3 ")).toBe("2026-03");
    for (const bad of ["2026-13", "2026-00", "março", "1999-12", "2026-03-01", "13/2026", ""]) {
      expect(readMonth(bad), bad).toBeNull();
    }
    expect(parse({ de: "03/2026", ate: "2026-05" }).query).toMatchObject({ de: "2026-03", ate: "2026-05" });
    // One end given: the other follows from it.
    expect(parse({ de: "2026-04" }).query).toMatchObject({ de: "2026-04", ate: "2026-06" });
    expect(parse({ ate: "2025-12" }).query).toMatchObject({ de: "2025-07", ate: "2025-12" });
    expect(parse({ de: "2026-09" }).query).toMatchObject({ de: "2026-09", ate: "2026-09" });
  });

  it("says at the field what is wrong with a period", () => {
    expect(parse({ de: "março" }).errors).toEqual({ de: "Informe o mês como 03/2026." });
    expect(parse({ ate: "2026-13" }).errors).toEqual({ ate: "Informe o mês como 03/2026." });
    expect(parse({ de: "2026-05", ate: "2026-02" }).errors.de).toMatch(/antes do final/);
    expect(parse({ de: "2023-01", ate: "2026-01" }).errors.de).toBe("Escolha no máximo 36 meses.");
    expect(parse({ de: "2023-02", ate: "2026-01" }).errors).toEqual({});
  });

  it("ignores an agent or a source it cannot read", () => {
    expect(parse({ corretor: "abc", origem: "facebook" }).query).toEqual({ de: "2026-01", ate: "2026-06" });
    expect(parse({ corretor: "-1" }).query.corretor).toBeUndefined();
    expect(parse({ corretor: "99999999999" }).query.corretor).toBeUndefined();
    expect(parse({ corretor: "7", origem: "integracao:Chaves na Mão" }).query).toMatchObject({
      corretor: 7,
      origem: "integracao:Chaves na Mão",
    });
  });

  it("writes the query back as a URL", () => {
    expect(funnelSearch({ de: "2026-01", ate: "2026-06", origem: "integracao:Chaves na Mão" })).toBe(
      "?de=2026-01&ate=2026-06&origem=integracao%3AChaves+na+M%C3%A3o",
    );
  });
});

describe("sources", () => {
  it("are the groups, or a portal's or an integration's own name", () => {
    for (const key of ["site", "whatsapp", "zap", "vivareal", "olx", "portal", "integracao", "manual"]) {
      expect(isSourceKey(key), key).toBe(true);
    }
    expect(isSourceKey("integracao:Chaves na Mão")).toBe(true);
    expect(isSourceKey("portal:Imovelweb")).toBe(true);
    for (const key of [
      "site:x",
      "integracao:",
      "integracao: x",
      "telefone",
      "",
      // Names every object has: not sources.
      "constructor",
      "__proto__",
      "toString",
      `integracao:${"x".repeat(121)}`,
    ]) {
      expect(isSourceKey(key), key).toBe(false);
    }
    expect(sourceName("manual")).toBe("Ligação ou visita");
    expect(sourceName("constructor")).toBe("constructor");
    expect(sourceName("integracao:Chaves na Mão")).toBe("Chaves na Mão");
  });
});

describe("pt-BR formats", () => {
  it("months", () => {
    expect(monthOf(new Date("2026-03-01T02:59:59.000Z"))).toBe("2026-02");
    expect(monthName("2026-03")).toBe("março de 2026");
    expect(monthShort("2026-12")).toBe("dez/26");
    expect(periodName("2026-01", "2026-06")).toBe("de janeiro a junho de 2026");
    expect(periodName("2025-11", "2026-04")).toBe("de novembro de 2025 a abril de 2026");
    expect(periodName("2026-03", "2026-03")).toBe("em março de 2026");
  });

  it("rates and wall-time durations", () => {
    expect(formatPercent(7 / 9)).toBe("77,8%");
    expect(formatPercent(1)).toBe("100,0%");
    expect(formatPercent(null)).toBe("—");
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(20)).toBe("menos de 1 min");
    expect(formatDuration(2700)).toBe("45 min");
    expect(formatDuration(7500)).toBe("2 h 05 min");
    expect(formatDuration(86_400 * 3 + 3600 * 4)).toBe("3 d 4 h");
    expect(formatDuration(86_400 * 2)).toBe("2 d");
  });
});
