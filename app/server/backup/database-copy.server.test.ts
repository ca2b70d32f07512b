// The pieces of the database copy that the round trips only reach indirectly: reading a field
// back from COPY's own text, and the order tables are loaded in.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { dumpDatabase, loadOrder, tableFile, unescapeCopyField } from "./database-copy.server";

let database: Database;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), "database-copy-"));
});

afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe("unescapeCopyField", () => {
  it("reads back what the database wrote: tabs, line breaks, backslashes, accents, nulls", async () => {
    const titulo = 'Casa "pé na areia"\tcom\nquintal \\ varanda\r— Ipioca';
    await database.copyTransaction("load", async (tx) => {
      await tx.query(
        `insert into properties (referencia, titulo, tipo, finalidades, bairro, cidade, complemento)
         values ('CA-0001', $1, 'casa', '{venda}', 'Ipioca', 'Maceió', null)`,
        [titulo],
      );
    });
    const dump = await dumpDatabase(database, dir);
    const table = dump.tables.find((t) => t.name === "properties");
    const [line] = (await readFile(tableFile(dir, "properties"), "utf8")).split("\n");
    const fields = (line ?? "").split("\t");
    const at = (column: string) => fields[table?.columns.indexOf(column) ?? -1] ?? "";
    expect(unescapeCopyField(at("titulo"))).toBe(titulo);
    expect(unescapeCopyField(at("complemento"))).toBeNull();
    expect(unescapeCopyField(at("cidade"))).toBe("Maceió");
    expect(table?.rows).toBe(1);
  });

  it("understands the octal and hexadecimal escapes other writers use", () => {
    expect(unescapeCopyField("a\\101\\x42\\\\N")).toBe("aAB\\N");
  });
});

describe("loadOrder", () => {
  it("puts a table after the ones its foreign keys point to", () => {
    expect(
      loadOrder(
        ["lead_notes", "leads", "properties", "users"],
        [
          { child: "lead_notes", parent: "leads" },
          { child: "leads", parent: "properties" },
          { child: "properties", parent: "users" },
          { child: "users", parent: "users" },
        ],
      ),
    ).toEqual(["users", "properties", "leads", "lead_notes"]);
  });

  it("refuses foreign keys in a cycle", () => {
    expect(() =>
      loadOrder(
        ["a", "b"],
        [
          { child: "a", parent: "b" },
          { child: "b", parent: "a" },
        ],
      ),
    ).toThrow("ciclo");
  });
});
