import { describe, expect, it } from "vitest";
import { parsePortaisQuery, portaisHref } from "./portais";

describe("/admin/portais query", () => {
  it("falls back to the defaults on bad input and links canonically", () => {
    expect(parsePortaisQuery(new URLSearchParams("mostrar=erros&pagina=3"))).toEqual({
      mostrar: "erros",
      pagina: 3,
    });
    expect(parsePortaisQuery(new URLSearchParams("mostrar=<x>&pagina=-1"))).toEqual({
      mostrar: "pendencias",
      pagina: 1,
    });
    expect(portaisHref({ mostrar: "pendencias", pagina: 1 })).toBe("/admin/portais");
    expect(portaisHref({ mostrar: "fora", pagina: 2 })).toBe("/admin/portais?mostrar=fora&pagina=2");
  });
});
