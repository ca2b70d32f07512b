// Proposals (decision 048): a buyer's or tenant's offer for a listing, which the lead's agent
// records on the lead's screen, takes to the owner and answers there (aceita, recusada,
// contraproposta), or marks withdrawn. Recording one moves an open lead to the "Proposta" step of
// the pipeline (the funnel report counts it); the listing's admin screen lists every proposal it
// received, against its asking price. Whoever may see the lead may act on its proposals (canSee).
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { fieldErrorsOf, filledIn } from "../../lib/form-errors";
import { maceioClock } from "../../lib/maceio-time";
import { isOpenLead } from "../../lib/next-action";
import { type ProposalAnswer, type ProposalErrors, proposalSchema } from "../../lib/proposal";
import type { LeadStatus } from "../../lib/vocabulary";
import { audit } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import { leads, properties, propertyRedirects, proposals, users } from "../db/schema.server";
import { isPublished } from "../properties/cards.server";
import {
  type Actor,
  announceLeadUpdated,
  canSee,
  moveLeadStatus,
  type Viewer,
  visibleLeads,
} from "./inbox.server";

/** Steps before a proposal: recording one moves the lead on to "proposta". */
const BEFORE_PROPOSAL: readonly LeadStatus[] = ["novo", "em_atendimento", "visita_agendada"];

export type RecordProposalResult =
  | { ok: true; id: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "closed" }
  | { ok: false; reason: "invalid"; fieldErrors: ProposalErrors };

/** The form's fields as posted; validated here. Audited; open screens hear of it. */
export async function recordProposal(
  db: Db,
  actor: Actor,
  leadId: number,
  input: Record<string, unknown>,
  now = new Date(),
): Promise<RecordProposalResult> {
  const lead = await canSee(db, actor, leadId);
  if (!lead) return { ok: false, reason: "not-found" };
  if (!isOpenLead(lead.status)) return { ok: false, reason: "closed" };
  const parsed = proposalSchema(maceioClock(now).day).safeParse(filledIn(input));
  if (!parsed.success)
    return { ok: false, reason: "invalid", fieldErrors: fieldErrorsOf(parsed.error) as ProposalErrors };
  const value = parsed.data;
  const property = await proposableListing(db, value.referencia);
  if (!property)
    return {
      ok: false,
      reason: "invalid",
      fieldErrors: { referencia: "Nenhum imóvel publicado e disponível com esta referência." },
    };
  if (!property.finalidades.includes(value.finalidade))
    return {
      ok: false,
      reason: "invalid",
      fieldErrors: {
        finalidade:
          value.finalidade === "venda"
            ? "Este imóvel não está à venda."
            : "Este imóvel não está para alugar.",
      },
    };
  return db.transaction(async (tx) => {
    // The lead as it is now, held until the commit: two submissions at once, or a status change
    // meanwhile, are seen here (one move to "Proposta" in the funnel; a lost lead stays lost).
    const [current] = await tx
      .select({ status: leads.status })
      .from(leads)
      .where(eq(leads.id, leadId))
      .for("update");
    if (!current) return { ok: false, reason: "not-found" } as const;
    if (!isOpenLead(current.status)) return { ok: false, reason: "closed" } as const;
    const [row] = await tx
      .insert(proposals)
      .values({
        leadId,
        propertyId: property.id,
        finalidade: value.finalidade,
        amount: value.valor,
        askingPrice: value.finalidade === "venda" ? property.precoVenda : property.precoAluguel,
        payment: value.pagamento,
        conditions: value.condicoes,
        validUntil: value.validade,
        createdById: actor.id,
        createdAt: now,
      })
      .returning({ id: proposals.id });
    if (!row) throw new Error("proposta não gravada");
    await audit(tx, {
      userId: actor.id,
      action: "proposal-recorded",
      entity: "lead",
      entityId: leadId,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { proposalId: row.id, propertyId: property.id, amount: value.valor },
    });
    if (BEFORE_PROPOSAL.includes(current.status))
      await moveLeadStatus(tx, actor, { ...lead, status: current.status }, "proposta", now);
    else await touchLead(tx, lead, now);
    return { ok: true, id: row.id } as const;
  });
}

/**
 * The listing a proposal can be made for: published and still on offer (available, or reserved:
 * a buyer may queue behind a sinal that falls through), by its referência or an old one.
 */
async function proposableListing(db: Db, referencia: string) {
  const columns = {
    id: properties.id,
    finalidades: properties.finalidades,
    precoVenda: properties.precoVenda,
    precoAluguel: properties.precoAluguel,
  };
  const proposable = and(isPublished, inArray(properties.status, ["disponivel", "reservado"]));
  const [current] = await db
    .select(columns)
    .from(properties)
    .where(and(sql`upper(${properties.referencia}) = ${referencia.toUpperCase()}`, proposable));
  if (current) return current;
  const [moved] = await db
    .select(columns)
    .from(propertyRedirects)
    .innerJoin(properties, eq(properties.id, propertyRedirects.propertyId))
    .where(and(sql`upper(${propertyRedirects.oldReferencia}) = ${referencia.toUpperCase()}`, proposable))
    .limit(1);
  return moved ?? null;
}

export type AnswerProposalResult =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "answered" };

/**
 * The owner's answer (aceita, recusada, contraproposta with its amount), or the person withdrew
 * (retirada). Only an open proposal takes one: an answered one is history. A contraproposta
 * takes a later answer too (the buyer's).
 */
export async function answerProposal(
  db: Db,
  actor: Actor,
  leadId: number,
  proposalId: number,
  answer: ProposalAnswer,
  now = new Date(),
): Promise<AnswerProposalResult> {
  const lead = await canSee(db, actor, leadId);
  if (!lead) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(proposals)
      .set({
        status: answer.resposta,
        counterAmount:
          answer.resposta === "contraproposta" ? answer.contraValor : sql`${proposals.counterAmount}`,
        answeredById: actor.id,
        answeredAt: now,
      })
      .where(
        and(
          eq(proposals.id, proposalId),
          eq(proposals.leadId, leadId),
          sql`${proposals.status} in ('em_analise', 'contraproposta')`,
        ),
      )
      .returning({ id: proposals.id });
    if (!updated) {
      const [exists] = await tx
        .select({ id: proposals.id })
        .from(proposals)
        .where(and(eq(proposals.id, proposalId), eq(proposals.leadId, leadId)));
      return { ok: false, reason: exists ? "answered" : "not-found" };
    }
    await audit(tx, {
      userId: actor.id,
      action: "proposal-answered",
      entity: "lead",
      entityId: leadId,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { proposalId, answer: answer.resposta, counterAmount: answer.contraValor },
    });
    await touchLead(tx, lead, now);
    return { ok: true } as const;
  });
}

/** The lead changed (its screen and the inbox's order): updated_at, and open screens hear of it. */
async function touchLead(
  tx: Tx,
  lead: { id: number; assigneeId: number | null; listingCorretorId: number | null },
  now: Date,
) {
  await tx.update(leads).set({ updatedAt: now }).where(eq(leads.id, lead.id));
  await announceLeadUpdated(tx, lead);
}

const proposalColumns = {
  id: proposals.id,
  finalidade: proposals.finalidade,
  amount: proposals.amount,
  askingPrice: proposals.askingPrice,
  payment: proposals.payment,
  conditions: proposals.conditions,
  validUntil: proposals.validUntil,
  status: proposals.status,
  counterAmount: proposals.counterAmount,
  createdAt: proposals.createdAt,
  answeredAt: proposals.answeredAt,
  createdByName: users.name,
};

/** Leads' proposals, the newest first, with their listing's referência (a lead's screen, the LGPD export). */
export function proposalsOfLeads(db: Db, leadIds: number[]) {
  return db
    .select({ ...proposalColumns, leadId: proposals.leadId, referencia: properties.referencia })
    .from(proposals)
    .innerJoin(properties, eq(properties.id, proposals.propertyId))
    .leftJoin(users, eq(users.id, proposals.createdById))
    .where(inArray(proposals.leadId, leadIds))
    .orderBy(desc(proposals.createdAt), desc(proposals.id));
}

export const proposalsOfLead = (db: Db, leadId: number) => proposalsOfLeads(db, [leadId]);

export type LeadProposal = Awaited<ReturnType<typeof proposalsOfLead>>[number];

/**
 * A listing's proposals, the newest first. The person's name and a link to the lead only where
 * the viewer may see that lead (visibleLeads): another agent's buyer shows as the amount alone.
 */
export async function proposalsOfProperty(db: Db, viewer: Viewer, propertyId: number) {
  const visible = visibleLeads(viewer);
  // Only what the listing's table shows: a proposal's conditions are free text about the person.
  const rows = await db
    .select({
      id: proposals.id,
      finalidade: proposals.finalidade,
      amount: proposals.amount,
      askingPrice: proposals.askingPrice,
      payment: proposals.payment,
      status: proposals.status,
      counterAmount: proposals.counterAmount,
      createdAt: proposals.createdAt,
      leadId: proposals.leadId,
      leadName: leads.name,
      visible: visible ? sql<boolean>`coalesce(${visible}, false)` : sql<boolean>`true`,
    })
    .from(proposals)
    .innerJoin(leads, eq(leads.id, proposals.leadId))
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(eq(proposals.propertyId, propertyId))
    .orderBy(desc(proposals.createdAt), desc(proposals.id));
  return rows.map(({ leadId, leadName, visible: shown, ...row }) => ({
    ...row,
    lead: shown ? { id: leadId, name: leadName } : null,
  }));
}

export type PropertyProposal = Awaited<ReturnType<typeof proposalsOfProperty>>[number];
