// What a request's log line may show of its URL: the secret of a token link, a password or a sent
// list's token never reaches the log.
import { describe, expect, it } from "vitest";
import { loggablePath } from "./request-log.server";

describe("loggablePath", () => {
  it("hides the token of every link whose path is its secret, page and data URL", () => {
    const token = "Zk3v9Q_xY-a1b2c3d4e5";
    expect(loggablePath(`/redefinir-senha/${token}`)).toBe("/redefinir-senha/:token");
    expect(loggablePath(`/redefinir-senha/${token}.data`)).toBe("/redefinir-senha/:token.data");
    expect(loggablePath(`/relatorio/${token}`)).toBe("/relatorio/:token");
    expect(loggablePath(`/visita/${token}.data?_routes=x`)).toBe("/visita/:token.data?_routes=x");
    expect(loggablePath(`/alertas/${token}`)).toBe("/alertas/:token");
    expect(loggablePath(`/alertas/${token}/confirmar`)).toBe("/alertas/:token/confirmar");
    expect(loggablePath(`/alertas/${token}/cancelar.data`)).toBe("/alertas/:token/cancelar.data");
    expect(loggablePath(`/temporada/${token}.ics`)).toBe("/temporada/:token.ics");
    // Pages without a secret are logged as they are.
    expect(loggablePath("/casas/AP0001")).toBe("/casas/AP0001");
    expect(loggablePath("/alertas")).toBe("/alertas");
  });

  it("hides secret query parameters, a sent list's token among them, and keeps the rest as sent", () => {
    expect(loggablePath("/favoritos?lista=AP0001,CA0002&envio=a1B2c3D4e5F6g7H8")).toBe(
      "/favoritos?lista=AP0001%2CCA0002&envio=***",
    );
    expect(loggablePath("/login?senha=x&redirectTo=/admin")).toBe("/login?senha=***&redirectTo=%2Fadmin");
    expect(loggablePath("/todos-os-imoveis?cidade=Macei%C3%B3,AL")).toBe(
      "/todos-os-imoveis?cidade=Macei%C3%B3,AL",
    );
  });
});
