import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server";

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.SEED_DEMO).toBe(true);
  });

  it("names every wrong variable in one message", () => {
    let message = "";
    try {
      loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", ADMIN_EMAIL: "nao-e-email" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("Configuração inválida");
    for (const name of ["PORT", "DATABASE_URL", "ADMIN_EMAIL"]) expect(message).toContain(`${name}:`);
  });

  it("refuses a short admin password and treats empty strings as unset", () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: "curta" })).toThrow(/ADMIN_PASSWORD: deve ter ao menos 10/);
    expect(loadConfig({ DATABASE_URL: "", PUBLIC_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("strips the trailing slash of PUBLIC_URL", () => {
    expect(loadConfig({ PUBLIC_URL: "https://www.exemplo.com.br/" }).publicUrl).toBe(
      "https://www.exemplo.com.br",
    );
  });

  describe("WEB_CONCURRENCY", () => {
    const PG = "postgres://app@127.0.0.1:5432/imoveis";

    it("runs one process unless told otherwise", () => {
      expect(loadConfig({}).instances).toBe(1);
      expect(loadConfig({ WEB_CONCURRENCY: "3", DATABASE_URL: PG }).instances).toBe(3);
    });

    it('"auto" is one process per core on PostgreSQL, one on the embedded database', () => {
      expect(loadConfig({ WEB_CONCURRENCY: "auto", DATABASE_URL: PG }).instances).toBe(
        availableParallelism(),
      );
      expect(loadConfig({ WEB_CONCURRENCY: "auto" }).instances).toBe(1);
    });

    it("refuses several processes on the embedded database, and nonsense, naming the variable", () => {
      expect(() => loadConfig({ WEB_CONCURRENCY: "2" })).toThrow(
        /WEB_CONCURRENCY: mais de um processo exige DATABASE_URL/,
      );
      expect(() => loadConfig({ WEB_CONCURRENCY: "muitos", DATABASE_URL: PG })).toThrow(/WEB_CONCURRENCY:/);
      expect(() => loadConfig({ WEB_CONCURRENCY: "0", DATABASE_URL: PG })).toThrow(/WEB_CONCURRENCY:/);
    });
  });
});
