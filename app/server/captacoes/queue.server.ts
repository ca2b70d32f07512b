// The captações queue (/admin/captacoes): the list with its filter, one captação with its photos
// and notes, and what an agent does with it (situação, notes; an admin also assigns and erases a
// discarded one). A corretor sees only the captações assigned to them; an admin sees all. Every
// change is audited.
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { CAPTACAO_PAGE_SIZE, type CaptacaoListQuery } from "../../lib/captacao-admin";
import { rowIdOf } from "../../lib/row-id";
import type { CaptacaoStatus } from "../../lib/vocabulary";
import { audit } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import { captacaoNotes, captacaoPhotos, captacoes, properties, users } from "../db/schema.server";
import type { Actor, Viewer } from "../leads/inbox.server";
import { defaultLogger, type Logger } from "../log/logger.server";
import type { Storage } from "../media/storage.server";
import { pendingKeys, removePendingFiles } from "./pending-photos.server";

export type { Actor, Viewer } from "../leads/inbox.server";

/** A refusal the routes turn into an answer: 404 (not there, or not the viewer's), 409 (not now). */
export class CaptacaoError extends Error {
  readonly status: 404 | 409;

  constructor(status: 404 | 409, message?: string) {
    super(message ?? "Captação não encontrada.");
    this.name = "CaptacaoError";
    this.status = status;
  }
}

/** Which captações the viewer may see: an admin all, a corretor those assigned to them. */
export function visibleCaptacoes(viewer: Viewer): SQL | undefined {
  return viewer.role === "admin" ? undefined : eq(captacoes.assigneeId, viewer.id);
}

/** Route params arrive as text; anything but a positive integer is no captação. */
export function parseCaptacaoId(raw: string | undefined): number | null {
  return rowIdOf(raw);
}

/** How many pending photos a captação has (a converted one's photos are the property's). */
export const photoCount = sql<number>`(select count(*)::int from ${captacaoPhotos} p where p.captacao_id = ${captacoes.id})`;

/** What the owner sent and its situação: the fields the queue and the LGPD export (lgpd.server.ts) show. */
export const captacaoFields = {
  id: captacoes.id,
  name: captacoes.name,
  phone: captacoes.phone,
  email: captacoes.email,
  logradouro: captacoes.logradouro,
  bairro: captacoes.bairro,
  cidade: captacoes.cidade,
  tipo: captacoes.tipo,
  finalidade: captacoes.finalidade,
  expectedPrice: captacoes.expectedPrice,
  message: captacoes.message,
  status: captacoes.status,
};

const rowColumns = {
  ...captacaoFields,
  createdAt: captacoes.createdAt,
  consentVersion: captacoes.consentVersion,
  consentAt: captacoes.consentAt,
  convertedAt: captacoes.convertedAt,
  assigneeId: captacoes.assigneeId,
  assigneeName: users.name,
  propertyId: captacoes.propertyId,
  referencia: properties.referencia,
  photoCount,
};

function withJoins(db: Db | Tx) {
  return db
    .select(rowColumns)
    .from(captacoes)
    .leftJoin(users, eq(users.id, captacoes.assigneeId))
    .leftJoin(properties, eq(properties.id, captacoes.propertyId));
}

export async function listCaptacoes(db: Db, viewer: Viewer, query: CaptacaoListQuery) {
  const where = and(visibleCaptacoes(viewer), query.status ? eq(captacoes.status, query.status) : undefined);
  const [totalRow] = await db.select({ total: count() }).from(captacoes).where(where);
  const total = totalRow?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CAPTACAO_PAGE_SIZE));
  const page = Math.min(query.pagina ?? 1, pageCount);
  const rows = await withJoins(db)
    .where(where)
    .orderBy(desc(captacoes.createdAt), desc(captacoes.id))
    .limit(CAPTACAO_PAGE_SIZE)
    .offset((page - 1) * CAPTACAO_PAGE_SIZE);
  return { rows, total, page, pageCount };
}

export async function getCaptacao(db: Db, viewer: Viewer, id: number) {
  const [captacao] = await withJoins(db).where(and(eq(captacoes.id, id), visibleCaptacoes(viewer)));
  if (!captacao) return null;
  const photos = await db
    .select({ id: captacaoPhotos.id, width: captacaoPhotos.width, height: captacaoPhotos.height })
    .from(captacaoPhotos)
    .where(eq(captacaoPhotos.captacaoId, id))
    .orderBy(asc(captacaoPhotos.position), asc(captacaoPhotos.id));
  const notes = await db
    .select({
      id: captacaoNotes.id,
      body: captacaoNotes.body,
      createdAt: captacaoNotes.createdAt,
      authorName: users.name,
    })
    .from(captacaoNotes)
    .leftJoin(users, eq(users.id, captacaoNotes.authorId))
    .where(eq(captacaoNotes.captacaoId, id))
    .orderBy(desc(captacaoNotes.createdAt), desc(captacaoNotes.id));
  return { captacao, photos, notes };
}

/** The captação when the viewer may see it (and so act on it), locked in `tx` when asked. */
export async function loadVisible(db: Db | Tx, viewer: Viewer, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(captacoes)
    .where(and(eq(captacoes.id, id), visibleCaptacoes(viewer)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw new CaptacaoError(404);
  return row;
}

const auditOf = (actor: Actor) => ({ userId: actor.id, ip: actor.ip, userAgent: actor.userAgent });

export async function changeCaptacaoStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: Exclude<CaptacaoStatus, "convertida">,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await loadVisible(tx, actor, id, { lock: true });
    if (current.status === status) return;
    if (current.status === "convertida")
      throw new CaptacaoError(409, "Esta captação já virou um imóvel: cuide dele em Imóveis.");
    await tx.update(captacoes).set({ status, updatedAt: now }).where(eq(captacoes.id, id));
    await audit(tx, {
      ...auditOf(actor),
      action: "captacao-status",
      entity: "captacao",
      entityId: id,
      details: { from: current.status, to: status },
    });
  });
}

export async function addCaptacaoNote(db: Db, actor: Actor, id: number, body: string, now = new Date()) {
  await db.transaction(async (tx) => {
    await loadVisible(tx, actor, id, { lock: true });
    await tx.insert(captacaoNotes).values({ captacaoId: id, authorId: actor.id, body, createdAt: now });
    await tx.update(captacoes).set({ updatedAt: now }).where(eq(captacoes.id, id));
  });
}

/** Admin only (the route checks the role): the agent who takes it, or nobody. */
export async function assignCaptacao(
  db: Db,
  actor: Actor,
  id: number,
  assigneeId: number | null,
  now = new Date(),
): Promise<"ok" | "invalid-agent"> {
  return db.transaction(async (tx) => {
    const current = await loadVisible(tx, actor, id, { lock: true });
    if (assigneeId !== null) {
      const [agent] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, assigneeId), eq(users.active, true)));
      if (!agent) return "invalid-agent";
    }
    if (current.assigneeId === assigneeId) return "ok";
    await tx.update(captacoes).set({ assigneeId, updatedAt: now }).where(eq(captacoes.id, id));
    await audit(tx, {
      ...auditOf(actor),
      action: "captacao-assigned",
      entity: "captacao",
      entityId: id,
      details: { from: current.assigneeId, to: assigneeId },
    });
    return "ok";
  });
}

/**
 * Admin only (the route checks the role): a discarded captação erased with its notes and its
 * photos, rows in one transaction and the files right after it. The audit entry keeps no personal data.
 */
export async function eraseCaptacao(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: number,
  log: Logger = defaultLogger(),
): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const current = await loadVisible(tx, actor, id, { lock: true });
    if (current.status !== "descartada")
      throw new CaptacaoError(409, "Só uma captação descartada pode ser excluída. Descarte-a antes.");
    const photos = await tx
      .select({ originalKey: captacaoPhotos.originalKey, previewKey: captacaoPhotos.previewKey })
      .from(captacaoPhotos)
      .where(eq(captacaoPhotos.captacaoId, id));
    await tx.delete(captacoes).where(eq(captacoes.id, id));
    await audit(tx, {
      ...auditOf(actor),
      action: "captacao-erased",
      entity: "captacao",
      entityId: id,
      details: { photos: photos.length },
    });
    return pendingKeys(photos);
  });
  const left = await removePendingFiles(storage, keys);
  if (left.length > 0) log.warn({ keys: left }, "captação: arquivos de fotos não removidos");
}

/** A pending photo's preview, for the admin screen; null when the viewer may not see it. */
export async function captacaoPhotoPreview(
  db: Db,
  storage: Storage,
  viewer: Viewer,
  id: number,
  photoId: number,
): Promise<Buffer | null> {
  const [photo] = await db
    .select({ previewKey: captacaoPhotos.previewKey })
    .from(captacaoPhotos)
    .innerJoin(captacoes, eq(captacoes.id, captacaoPhotos.captacaoId))
    .where(and(eq(captacaoPhotos.id, photoId), eq(captacaoPhotos.captacaoId, id), visibleCaptacoes(viewer)));
  if (!photo) return null;
  return storage.get(photo.previewKey);
}
