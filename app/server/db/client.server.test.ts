import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty } from "../../../tests/support/factories";
import { type Database, openDatabase } from "./client.server";
import { properties } from "./schema.server";
import { createTestDatabase } from "./test-database.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The text these tests search: the listings differ only where a test says. */
const base = { bairro: "Pajuçara", descricao: "Vista para o mar, perto da orla." };

describe("database schema", () => {
  it("finds listings by Portuguese free text ignoring accents, case and plurals", async () => {
    await insertProperty(database.db, { ...base, referencia: "AP0001", titulo: "Apartamentos na Pajuçara" });
    await insertProperty(database.db, {
      ...base,
      referencia: "CA0002",
      tipo: "casa",
      titulo: "Casa no Farol",
      bairro: "Farol",
    });
    const rows = await database.db
      .select({ referencia: properties.referencia })
      .from(properties)
      .where(
        sql`${properties.searchVector} @@ websearch_to_tsquery('portuguese', f_unaccent(${"apartamento pajucara"}))`,
      );
    expect(rows.map((r) => r.referencia)).toEqual(["AP0001"]);
  });

  it("refuses a referência that differs only by case", async () => {
    await expect(
      insertProperty(database.db, { ...base, referencia: "ap0001", titulo: "Outro" }),
    ).rejects.toThrow();
  });

  it("refuses an unknown tipo and a listing with no finalidade", async () => {
    await expect(
      database.db.execute(
        sql`insert into properties (referencia, titulo, tipo, finalidades, bairro, cidade) values ('X1', 't', 'castelo', '{venda}', 'b', 'c')`,
      ),
    ).rejects.toThrow();
    await expect(
      insertProperty(database.db, { ...base, referencia: "AP0003", titulo: "t", finalidades: [] }),
    ).rejects.toThrow();
  });
});

describe("the embedded database", () => {
  it("runs with PGlite's own start parameters and 32 MB of shared buffers (its memory holds them)", async () => {
    const embedded = await openDatabase({ engine: "pglite-memory" });
    try {
      const setting = async (name: string) => {
        const result = (await embedded.db.execute(
          sql`select current_setting(${name}) as value`,
        )) as unknown as {
          rows: { value: string }[];
        };
        return result.rows[0]?.value;
      };
      expect(await setting("shared_buffers")).toBe("32MB");
      // PGlite's defaults are kept (startParams replaces them, so they are passed on).
      expect(await setting("search_path")).toBe("public");
      expect(await setting("max_worker_processes")).toBe("0");
    } finally {
      await embedded.close();
    }
  });
});
