// Migrations that move existing data, run on a database as the previous release left it: migrated
// up to the migration before, with rows written then, and then migrated to the end (as a start
// after an upgrade does). PGlite by default; a scratch database on TEST_DATABASE_URL's server in
// the PostgreSQL pass.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../../../tests/support/postgres";
import { migrateTo, readJournal } from "../backup/migration-level.server";
import { type Database, openDatabase } from "./client.server";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_ENGINE === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    const database = await openDatabase({ engine: "pglite-memory" });
    cleanups.push(() => database.close());
    return database;
  }
  const scratch = await createScratchDatabase(serverUrl, "test_migrations");
  const database = await openDatabase({ engine: "postgres", url: scratch.url, maxConnections: 2 });
  cleanups.push(async () => {
    await database.close();
    await scratch.drop();
  });
  return database;
}

/** The rows of a raw query, whichever driver answered (postgres-js: an array; PGlite: { rows }). */
async function rows(database: Database, query: ReturnType<typeof sql>): Promise<unknown[]> {
  const result: unknown = await database.db.execute(query);
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

/** A database migrated up to and including the migration tagged `lastTag` ("0004_…"). */
async function databaseAt(lastTag: string): Promise<Database> {
  const last = (await readJournal()).entries.findIndex((entry) => entry.tag === lastTag);
  if (last === -1) throw new Error(`migração ${lastTag} não encontrada`);
  const database = await emptyDatabase();
  await migrateTo(database, last + 1);
  return database;
}

describe("0007: mobiliado and aceita pet become sim / não / não informado", () => {
  it("an unticked box saved before (false) becomes não informado (null); a ticked one stays sim", async () => {
    const database = await databaseAt("0006_whatsapp_clicks");
    const { db } = database;
    await db.execute(sql`
      insert into properties (referencia, titulo, tipo, finalidades, bairro, cidade, mobiliado, aceita_pet)
      values ('AP0001', 'Apartamento mobiliado', 'apartamento', '{venda}', 'Pajuçara', 'Maceió', true, false),
             ('CA0002', 'Casa sem nada marcado', 'casa', '{venda}', 'Farol', 'Maceió', false, false),
             ('FL0003', 'Flat que aceita pet', 'flat', '{aluguel}', 'Ponta Verde', 'Maceió', false, true)`);
    const changes = sql`select count(*)::int as n from property_changes`;
    const changesBefore = await rows(database, changes);

    await database.migrate();

    expect(
      await rows(database, sql`select referencia, mobiliado, aceita_pet from properties order by referencia`),
    ).toEqual([
      { referencia: "AP0001", mobiliado: true, aceita_pet: null },
      { referencia: "CA0002", mobiliado: null, aceita_pet: null },
      { referencia: "FL0003", mobiliado: null, aceita_pet: true },
    ]);
    // What the search filters on did not change (only true is ever asked): no change was logged.
    expect(await rows(database, changes)).toEqual(changesBefore);
    // And the column now takes "não informado" for new listings.
    await db.execute(sql`
      insert into properties (referencia, titulo, tipo, finalidades, bairro, cidade)
      values ('TE0004', 'Terreno', 'terreno', '{venda}', 'Guaxuma', 'Maceió')`);
    expect(
      await rows(database, sql`select mobiliado, aceita_pet from properties where referencia = 'TE0004'`),
    ).toEqual([{ mobiliado: null, aceita_pet: null }]);
  });
});

describe("0008: one field for the video channel", () => {
  it("a YouTube link given only as a social link becomes the channel; the social link is gone", async () => {
    const database = await databaseAt("0007_tri_state_furnished_pets");
    await database.db.execute(sql`
      insert into agency_settings (id, name, creci, video_channel_url, social_links)
      values (1, 'Imobiliária', '1234-J', '',
        '{"youtube": "https://www.youtube.com/@so-no-social", "instagram": "https://instagram.com/x"}')`);

    await database.migrate();

    expect(await rows(database, sql`select video_channel_url, social_links from agency_settings`)).toEqual([
      {
        video_channel_url: "https://www.youtube.com/@so-no-social",
        social_links: { instagram: "https://instagram.com/x" },
      },
    ]);
  });

  it("when both were filled, the channel the home page showed stays", async () => {
    const database = await databaseAt("0007_tri_state_furnished_pets");
    await database.db.execute(sql`
      insert into agency_settings (id, name, creci, video_channel_url, social_links)
      values (1, 'Imobiliária', '1234-J', 'https://www.youtube.com/@canal',
        '{"youtube": "https://www.youtube.com/@outro"}')`);

    await database.migrate();

    expect(await rows(database, sql`select video_channel_url, social_links from agency_settings`)).toEqual([
      { video_channel_url: "https://www.youtube.com/@canal", social_links: {} },
    ]);
  });
});

describe("0011: the pipeline's history and the first response", () => {
  it("status changes in the audit log become the history; the first of them or of the notes is the first response", async () => {
    const database = await databaseAt("0010_portal_leads");
    await database.db.execute(sql`
      insert into users (id, name, email, password_hash) overriding system value
      values (7, 'Ana', 'ana@teste.com.br', 'x')`);
    await database.db.execute(sql`
      insert into leads (id, name, origin, status, assignee_id, created_at) overriding system value values
        (1, 'Com história', 'formulario_imovel', 'proposta', 7, '2026-03-01T12:00:00Z'),
        (2, 'Só anotação', 'whatsapp', 'novo', 7, '2026-03-02T12:00:00Z'),
        (3, 'Intocado', 'zap', 'novo', null, '2026-03-03T12:00:00Z')`);
    await database.db.execute(sql`
      insert into audit_log (at, user_id, action, entity, entity_id, details) values
        ('2026-03-01T13:00:00Z', 7, 'lead-status', 'lead', '1', '{"from": "novo", "to": "em_atendimento"}'),
        ('2026-03-04T10:00:00Z', 7, 'lead-status', 'lead', '1', '{"from": "em_atendimento", "to": "proposta"}'),
        ('2026-03-01T12:30:00Z', null, 'lead-assigned', 'lead', '1', '{"from": null, "to": 7}')`);
    await database.db.execute(sql`
      insert into lead_notes (lead_id, author_id, body, created_at) values
        (2, 7, 'Liguei', '2026-03-02T15:00:00Z')`);

    await database.migrate();

    const history = await rows(
      database,
      sql`select lead_id, from_status, to_status, user_id from lead_status_changes order by at`,
    );
    expect(history).toEqual([
      { lead_id: 1, from_status: "novo", to_status: "em_atendimento", user_id: 7 },
      { lead_id: 1, from_status: "em_atendimento", to_status: "proposta", user_id: 7 },
    ]);
    const clocks = (await rows(
      database,
      sql`select id, assigned_at, first_response_at, first_response_by_id from leads order by id`,
    )) as {
      id: number;
      assigned_at: unknown;
      first_response_at: unknown;
      first_response_by_id: number | null;
    }[];
    const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
    expect(
      clocks.map((c) => [c.id, iso(c.assigned_at), iso(c.first_response_at), c.first_response_by_id]),
    ).toEqual([
      [1, "2026-03-01T12:30:00.000Z", "2026-03-01T13:00:00.000Z", 7],
      [2, "2026-03-02T12:00:00.000Z", "2026-03-02T15:00:00.000Z", 7],
      [3, null, null, null],
    ]);
  });
});

describe("0012: every open lead has a next action", () => {
  it("open leads get one due today (a new one: the first contact); closed and lost ones none", async () => {
    const database = await databaseAt("0011_lead_response");
    await database.db.execute(sql`
      insert into leads (name, origin, status)
      values ('Nova', 'formulario_imovel', 'novo'), ('Em conversa', 'telefone', 'em_atendimento'),
             ('Fechou', 'portal', 'fechado'), ('Desistiu', 'visita', 'perdido')`);

    await database.migrate();

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Maceio" }).format(new Date());
    expect(
      await rows(
        database,
        sql`select name, to_char(next_action_date, 'YYYY-MM-DD') as day, next_action_time as time, next_action as task
            from leads order by id`,
      ),
    ).toEqual([
      { name: "Nova", day: today, time: null, task: "Fazer o primeiro contato" },
      { name: "Em conversa", day: today, time: null, task: "Definir a próxima ação" },
      { name: "Fechou", day: null, time: null, task: null },
      { name: "Desistiu", day: null, time: null, task: null },
    ]);
  });
});
