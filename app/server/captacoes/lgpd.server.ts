// A person's captações in an LGPD request (app/server/leads/lgpd.server.ts does the whole request):
// found by the e-mail or phone they gave, exported with their notes, erased with their pending
// photos and their unsent e-mail.
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { captacaoNotes, captacaoPhotos, captacoes, outbox, properties } from "../db/schema.server";
import { personMatchOn } from "../leads/person-match.server";
import { payloadIdIn } from "../outbox/outbox.server";
import { CAPTACAO_EMAIL_KIND } from "./emails.server";
import { pendingKeys } from "./pending-photos.server";
import { captacaoFields, photoCount } from "./queue.server";

export interface CaptacaoExport {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  logradouro: string | null;
  bairro: string;
  cidade: string;
  tipo: string;
  finalidade: string;
  expectedPrice: number | null;
  message: string;
  status: string;
  /** The draft property made from it, if any. */
  referencia: string | null;
  consentVersion: string;
  consentAt: string;
  createdAt: string;
  /** Photos still waiting (a converted captação's photos are the property's). */
  photos: number;
  notes: { body: string; createdAt: string }[];
}

const personCaptacoes = (contato: string) => personMatchOn(captacoes, contato);

export async function exportPersonCaptacoes(db: Db, contato: string): Promise<CaptacaoExport[]> {
  const rows = await db
    .select({
      ...captacaoFields,
      referencia: properties.referencia,
      consentVersion: captacoes.consentVersion,
      consentAt: captacoes.consentAt,
      createdAt: captacoes.createdAt,
      photos: photoCount,
    })
    .from(captacoes)
    .leftJoin(properties, eq(properties.id, captacoes.propertyId))
    .where(personCaptacoes(contato))
    .orderBy(asc(captacoes.createdAt), asc(captacoes.id));
  const ids = rows.map((r) => r.id);
  const notes = ids.length
    ? await db
        .select({
          captacaoId: captacaoNotes.captacaoId,
          body: captacaoNotes.body,
          createdAt: captacaoNotes.createdAt,
        })
        .from(captacaoNotes)
        .where(inArray(captacaoNotes.captacaoId, ids))
        .orderBy(asc(captacaoNotes.createdAt))
    : [];
  return rows.map((r) => ({
    ...r,
    consentAt: r.consentAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    notes: notes
      .filter((n) => n.captacaoId === r.id)
      .map((n) => ({ body: n.body, createdAt: n.createdAt.toISOString() })),
  }));
}

export async function countPersonCaptacoes(db: Db, contato: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(captacoes).where(personCaptacoes(contato));
  return row?.n ?? 0;
}

/**
 * In the caller's transaction: the person's captações (notes and photo rows cascade) and their
 * unsent e-mails. Returns the ids and the photo files to remove once the transaction commits.
 */
export async function erasePersonCaptacoes(
  tx: Tx,
  contato: string,
): Promise<{ ids: number[]; fileKeys: string[] }> {
  const found = await tx.select({ id: captacoes.id }).from(captacoes).where(personCaptacoes(contato));
  const ids = found.map((r) => r.id);
  if (ids.length === 0) return { ids, fileKeys: [] };
  const photos = await tx
    .select({ originalKey: captacaoPhotos.originalKey, previewKey: captacaoPhotos.previewKey })
    .from(captacaoPhotos)
    .where(inArray(captacaoPhotos.captacaoId, ids));
  await tx
    .delete(outbox)
    .where(and(eq(outbox.kind, CAPTACAO_EMAIL_KIND), isNull(outbox.sentAt), payloadIdIn("captacaoId", ids)));
  await tx.delete(captacoes).where(inArray(captacoes.id, ids));
  return { ids, fileKeys: pendingKeys(photos) };
}
