// The lead endpoints' domain (intake.server.ts) on a real database, through the same functions the
// routes call, with a Request as the portal sends it: who the lead goes to and what it is about.
// The HTTP path itself (body limits, two instances) is server/lead-intake.test.ts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertProperty, insertUser } from "../../../tests/support/factories";
import { loadConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { leads } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import type { Actor } from "./inbox.server";
import { getLead } from "./inbox.server";
import { receiveGenericLead, receiveGrupoZapLead } from "./intake.server";

const ZAP_SECRET = "segredo-do-grupo-zap-para-testes-0001";
const GENERIC_SECRET = "segredo-generico-para-testes-000000002";
const config = loadConfig({ GRUPOZAP_LEADS_SECRET: ZAP_SECRET, GENERIC_LEADS_SECRET: GENERIC_SECRET });

let database: Database;
let admin: Actor;
let sequence = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createActor(database.db, "admin");
});

afterAll(async () => {
  await database?.close();
});

/** Grupo ZAP's sample lead (docs/domain.md), each with its own id and person. */
function zapLead(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    leadOrigin: "VivaReal",
    timestamp: "2026-10-23T15:50:30.619Z",
    originLeadId: `zap-${sequence}-${Date.now()}`,
    originListingId: "87027856",
    clientListingId: "AP0007",
    name: `Pessoa do Portal ${sequence}`,
    email: `portal${sequence}@exemplo.com.br`,
    ddd: "82",
    phone: `9${String(88_000_000 + sequence)}`,
    message: "Olá, tenho interesse neste imóvel.",
    ...overrides,
  };
}

const ctx = () => ({ db: database.db, config, ip: `10.0.0.${sequence % 250}` });

function postZap(body: unknown) {
  const request = new Request("http://localhost/api/portais/grupozap/leads", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Basic ${Buffer.from(`grupozap:${ZAP_SECRET}`).toString("base64")}`,
    },
    body: JSON.stringify(body),
  });
  return receiveGrupoZapLead(request, ctx());
}

function postGeneric(fields: Record<string, string>) {
  sequence += 1;
  const request = new Request("http://localhost/api/leads", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Bearer ${GENERIC_SECRET}`,
    },
    body: new URLSearchParams(fields).toString(),
  });
  return receiveGenericLead(request, ctx());
}

async function cardOf(response: Response) {
  const body = (await response.json()) as { leadId: number };
  const [card] = await database.db.select().from(leads).where(eq(leads.id, body.leadId));
  if (!card) throw new Error("lead não gravado");
  return card;
}

describe("who a portal lead goes to (roleta off)", () => {
  it("to the listing's corretor while active; a deactivated one's lead is unassigned, for the admins", async () => {
    const active = await insertUser(database.db, { name: "Clara Ativa" });
    const gone = await insertUser(database.db, { name: "Davi Saiu", active: false });
    const hers = await insertProperty(database.db, { referencia: "IN0001", corretorId: active.id });
    const his = await insertProperty(database.db, { referencia: "IN0002", corretorId: gone.id });

    const toActive = await postZap(zapLead({ clientListingId: "IN0001" }));
    expect(toActive.status).toBe(201);
    expect(await cardOf(toActive)).toMatchObject({ propertyId: hers.id, assigneeId: active.id });

    const toGone = await postZap(zapLead({ clientListingId: "IN0002" }));
    expect(toGone.status).toBe(201);
    const card = await cardOf(toGone);
    expect(card).toMatchObject({ propertyId: his.id, assigneeId: null, assignedAt: null });
    expect((await getLead(database.db, admin, card.id))?.lead.assigneeName).toBeNull();

    const generic = await postGeneric({
      name: "Pessoa da Landing",
      email: `landing${sequence}@exemplo.com.br`,
      referencia: "IN0002",
    });
    expect(generic.status).toBe(201);
    expect(await cardOf(generic)).toMatchObject({ propertyId: his.id, assigneeId: null });
  });
});
