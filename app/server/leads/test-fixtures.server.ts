// Rows lead tests need: the agency's settings row, an agent, a listing and a lead.
import type { Db } from "../db/client.server";
import { agencySettings, leads, properties, users } from "../db/schema.server";

let counter = 0;

export async function seedAgency(db: Db, email = "contato@agencia-teste.com.br") {
  await db
    .insert(agencySettings)
    .values({ id: 1, name: "Agência Teste", creci: "1234-J", email, whatsapp: "82999990000" })
    .onConflictDoUpdate({ target: agencySettings.id, set: { email } });
}

export async function createAgent(db: Db, role: "admin" | "corretor" = "corretor") {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({
      name: `Corretor ${counter}`,
      email: `corretor${counter}-${Date.now()}@teste.com.br`,
      passwordHash: "x",
      role,
    })
    .returning();
  if (!user) throw new Error("user not created");
  return user;
}

export async function createListing(db: Db, corretorId: number | null) {
  counter += 1;
  const [property] = await db
    .insert(properties)
    .values({
      referencia: `TST${counter}${Date.now() % 10000}`,
      titulo: "Apartamento de teste na Ponta Verde",
      tipo: "apartamento",
      finalidades: ["venda"],
      precoVenda: 500_000,
      bairro: "Ponta Verde",
      cidade: "Maceió",
      publicacao: "publicado",
      corretorId,
    })
    .returning();
  if (!property) throw new Error("property not created");
  return property;
}

export async function insertLead(db: Db, values: Partial<typeof leads.$inferInsert> = {}) {
  const [lead] = await db
    .insert(leads)
    .values({
      name: "Maria da Silva",
      phone: "(82) 99999-1234",
      email: "maria@exemplo.com.br",
      message: "Gostaria de visitar.",
      origin: "formulario_imovel",
      ...values,
    })
    .returning();
  if (!lead) throw new Error("lead not created");
  return lead;
}
