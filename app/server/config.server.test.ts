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

  describe("photos in an S3 bucket", () => {
    const S3 = { S3_BUCKET: "fotos-imoveis", S3_ACCESS_KEY_ID: "AKIA123", S3_SECRET_ACCESS_KEY: "segredo" };

    it("keeps the photos in the data folder unless S3_BUCKET is set", () => {
      const config = loadConfig({});
      expect(config.S3_BUCKET).toBeUndefined();
      expect(config.MEDIA_PUBLIC_URL).toBeUndefined();
    });

    it("reads the bucket's settings, with defaults and without trailing slashes", () => {
      const config = loadConfig({
        ...S3,
        S3_ENDPOINT: "http://127.0.0.1:9000/",
        S3_FORCE_PATH_STYLE: "true",
        MEDIA_PUBLIC_URL: "https://fotos.exemplo.com.br/",
      });
      expect(config).toMatchObject({
        S3_BUCKET: "fotos-imoveis",
        S3_REGION: "us-east-1",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_FORCE_PATH_STYLE: true,
        MEDIA_PUBLIC_URL: "https://fotos.exemplo.com.br",
      });
      expect(loadConfig({ S3_BUCKET: "fotos", S3_REGION: "sa-east-1" }).S3_FORCE_PATH_STYLE).toBe(false);
    });

    it("refuses a wrong bucket, region or address in Portuguese, naming the variable", () => {
      expect(() => loadConfig({ S3_BUCKET: "Fotos_Imóveis" })).toThrow(
        /S3_BUCKET: deve ser o nome de um bucket/,
      );
      expect(() => loadConfig({ ...S3, S3_REGION: "São Paulo" })).toThrow(
        /S3_REGION: deve ser o nome de uma região/,
      );
      expect(() => loadConfig({ ...S3, S3_ENDPOINT: "s3.exemplo.com" })).toThrow(
        /S3_ENDPOINT: deve ser a URL/,
      );
      expect(() => loadConfig({ MEDIA_PUBLIC_URL: "ftp://fotos.exemplo.com.br" })).toThrow(
        /MEDIA_PUBLIC_URL: deve ser uma URL completa/,
      );
    });

    it("refuses S3 settings without a bucket, and one half of the key pair", () => {
      expect(() => loadConfig({ S3_ENDPOINT: "https://s3.exemplo.com.br" })).toThrow(
        /S3_ENDPOINT: só vale com S3_BUCKET/,
      );
      expect(() => loadConfig({ S3_BUCKET: "fotos", S3_ACCESS_KEY_ID: "AKIA123" })).toThrow(
        /S3_SECRET_ACCESS_KEY: informe S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntas/,
      );
      // Neither: the SDK's own credentials (environment, instance role).
      expect(loadConfig({ S3_BUCKET: "fotos" }).S3_ACCESS_KEY_ID).toBeUndefined();
    });
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
