// The lead screen's intents on a real database: what each answers for the forms' bad input, an
// unknown intent (including the names every object has) and a role that may not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertLead } from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { runLeadIntent } from "./lead-intents.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("runLeadIntent", () => {
  it("answers each intent, 400 for an unknown one, 403 for a corretor assigning, 400 for an id past the integer", async () => {
    const admin = await createActor(database.db, "admin");
    const agent = await createActor(database.db, "corretor");
    const lead = await insertLead(database.db, { assigneeId: agent.id });
    const run = (actor: typeof admin, intent: string, fields: Record<string, string> = {}) =>
      runLeadIntent({ db: database.db, actor, id: lead.id, form: form(fields), intent });

    expect(await run(agent, "status", { status: "em_atendimento" })).toEqual({
      status: 200,
      body: { ok: true, intent: "status" },
    });
    expect((await run(agent, "status", { status: "ganho" })).status).toBe(400);
    for (const intent of ["", "excluir", "constructor", "__proto__", "toString"])
      expect(await run(admin, intent), intent).toEqual({
        status: 400,
        body: { ok: false, intent, error: "Ação desconhecida." },
      });
    expect(await run(agent, "assign", { assigneeId: String(agent.id) })).toMatchObject({
      status: 403,
      body: { error: "Apenas administradores atribuem leads." },
    });
    expect(
      await run(admin, "proposta-resposta", { proposalId: "2147483648", resposta: "aceita" }),
    ).toMatchObject({
      status: 400,
      body: { error: "Proposta inválida." },
    });
    expect(await run(admin, "proposta-resposta", { proposalId: "999999", resposta: "aceita" })).toMatchObject(
      {
        status: 404,
        body: { error: "Proposta não encontrada." },
      },
    );
    expect(await run(admin, "reserva-confirmar", { contactId: "99999999999" })).toMatchObject({
      status: 400,
      body: { error: "Pedido de reserva inválido." },
    });
  });
});
