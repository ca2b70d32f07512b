import { describe, expect, it } from "vitest";
import {
  MAX_FAVORITES,
  parseFavorites,
  referenciasInList,
  referenciaToSave,
  sentListToken,
  sharedListPath,
} from "./favorites";
import { cardsApiUrl } from "./fetch-cards";

describe("parseFavorites", () => {
  it("keeps valid referências, upper-cased and unique, in order", () => {
    expect(parseFavorites(JSON.stringify(["ap0001", "CA0002", "AP0001", 3, "<b>", ""]))).toEqual([
      "AP0001",
      "CA0002",
    ]);
  });

  it("survives anything else stored under the key", () => {
    expect(parseFavorites(null)).toEqual([]);
    expect(parseFavorites("não é json")).toEqual([]);
    expect(parseFavorites('{"a":1}')).toEqual([]);
  });

  it("caps the list", () => {
    const many = Array.from({ length: 80 }, (_, i) => `AP${String(i).padStart(4, "0")}`);
    expect(parseFavorites(JSON.stringify(many))).toHaveLength(MAX_FAVORITES);
  });
});

describe("cardsApiUrl", () => {
  it("asks for the referências, at most as many as the API answers", () => {
    expect(cardsApiUrl(["AP0001", "CA0002"])).toBe("/api/cartoes?refs=AP0001%2CCA0002");
    const many = Array.from({ length: MAX_FAVORITES + 5 }, (_, i) => `AP${String(i).padStart(4, "0")}`);
    const asked = new URLSearchParams(cardsApiUrl(many).split("?")[1]).get("refs")?.split(",");
    expect(asked).toEqual(many.slice(0, MAX_FAVORITES));
  });
});

describe("referenciaToSave", () => {
  it("reads /favoritos?salvar=…, upper-cased, and ignores anything that is not a referência", () => {
    expect(referenciaToSave(new URLSearchParams("salvar=ap0042"))).toBe("AP0042");
    expect(referenciaToSave(new URLSearchParams(""))).toBeNull();
    expect(referenciaToSave(new URLSearchParams("salvar=%3Cb%3E"))).toBeNull();
    expect(referenciaToSave(new URLSearchParams(`salvar=${"A".repeat(21)}`))).toBeNull();
  });
});

describe("a shared list's address", () => {
  it("carries the referências with readable commas, and reads back the same list", () => {
    const path = sharedListPath(["AP0001", "CA0002"]);
    expect(path).toBe("/favoritos?lista=AP0001,CA0002");
    expect(referenciasInList(new URL(path, "http://x").searchParams)).toEqual(["AP0001", "CA0002"]);
  });

  it("survives what a chat app does to a link: case, spaces, a trailing full stop, repeats", () => {
    expect(referenciasInList(new URLSearchParams("lista=ap0001, ca0002.,AP0001,,te-01)"))).toEqual([
      "AP0001",
      "CA0002",
      "TE-01",
    ]);
  });

  it("is null without a list and empty when nothing in it is a referência", () => {
    expect(referenciasInList(new URLSearchParams("salvar=AP0001"))).toBeNull();
    expect(referenciasInList(new URLSearchParams("lista=%3Cscript%3E,,"))).toEqual([]);
    expect(referenciasInList(new URLSearchParams(`lista=${"A".repeat(21)}`))).toEqual([]);
  });

  it("keeps at most as many as a visitor can save", () => {
    const many = Array.from({ length: 80 }, (_, i) => `AP${String(i).padStart(4, "0")}`);
    expect(referenciasInList(new URLSearchParams(`lista=${many.join(",")}`))).toHaveLength(MAX_FAVORITES);
    expect(sharedListPath(many).split(",")).toHaveLength(MAX_FAVORITES);
  });
});

describe("a list an agent sent (decision 049)", () => {
  it("carries its sending's token, read back even with a full stop glued on", () => {
    const token = "a1B2c3D4e5F6g7H8";
    const path = sharedListPath(["AP0001", "CA0002"], token);
    expect(path).toBe(`/favoritos?lista=AP0001,CA0002&envio=${token}`);
    const search = new URL(path, "https://x").searchParams;
    expect(sentListToken(search)).toBe(token);
    expect(referenciasInList(search)).toEqual(["AP0001", "CA0002"]);
    expect(sentListToken(new URLSearchParams(`envio=${token}.`))).toBe(token);
    for (const odd of ["", "curto", `${token}x`, "a1B2c3D4e5F6g7H<"])
      expect(sentListToken(new URLSearchParams(`envio=${encodeURIComponent(odd)}`)), odd).toBeNull();
  });
});
