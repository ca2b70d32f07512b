import { describe, expect, it } from "vitest";
import { isFramableTour, safeTourUrl } from "./listing";

describe("virtual tours", () => {
  it("frames only https tours on the known hosts (the CSP's frame-src); any other https tour is a link", () => {
    expect(isFramableTour("https://my.matterport.com/show/?m=abc")).toBe(true);
    expect(isFramableTour("https://kuula.co/share/collection/7abc")).toBe(true);
    expect(isFramableTour("https://www.google.com/maps/embed?pb=!4v1")).toBe(true);
    expect(isFramableTour("https://www.google.com/search?q=x")).toBe(false);
    expect(isFramableTour("http://my.matterport.com/show/?m=abc")).toBe(false);
    expect(isFramableTour("https://tour.exemplo.com.br/imovel/360")).toBe(false);
    expect(isFramableTour("https://my.matterport.com.evil.example/")).toBe(false);
    expect(safeTourUrl("https://tour.exemplo.com.br/imovel/360")).toBe(
      "https://tour.exemplo.com.br/imovel/360",
    );
    expect(safeTourUrl("javascript:alert(1)")).toBeNull();
  });
});
