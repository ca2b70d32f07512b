// "Criar rascunho do imóvel": a captação becomes a draft property in one click. Its photos go
// through the same pipeline as an agent's upload (/admin/imoveis/:id/fotos: the same variants),
// then one transaction creates the property with its photo rows, marks the captação `convertida`
// with a link to the draft and drops the pending photo rows; the pending files go after the commit.
// - Idempotent: a captação already converted answers its draft (also for a second click racing
//   the first: the captação's row lock decides, and the loser's variant files, the same keys as
//   the winner's, are kept because the winner's photo rows use them).
// - Nothing half-made: a failure before the commit leaves no property and removes the variant
//   files no photo row uses (photo-files.server.ts); the captação keeps its photos.
import { asc, eq } from "drizzle-orm";
import { captacaoHeadline } from "../../lib/captacao-text";
import { TITULO_MAX } from "../../lib/property-form";
import { audit } from "../audit/audit.server";
import type { Db } from "../db/client.server";
import {
  type Captacao,
  captacaoPhotos,
  captacoes,
  type NewProperty,
  properties,
  propertyPhotos,
} from "../db/schema.server";
import { defaultLogger, type Logger } from "../log/logger.server";
import { ImageRejectedError, type ProcessedImage, processImage } from "../media/pipeline.server";
import type { Storage } from "../media/storage.server";
import { recordListingChange } from "../properties/changes.server";
import { removeUnusedFiles } from "../properties/photo-files.server";
import { nextReferencia } from "../properties/referencia.server";
import { pendingKeys, removePendingFiles } from "./pending-photos.server";
import { type Actor, CaptacaoError, loadVisible } from "./queue.server";

export interface Conversion {
  propertyId: number;
  referencia: string;
  /** false: the captação had been converted already (a second click). */
  created: boolean;
  /** Photos that could not be carried over (a pending file missing or no longer readable). */
  photosSkipped: number;
}

const REOPEN_FIRST =
  "Esta captação foi descartada. Mude a situação para Nova ou Em avaliação antes de criar o rascunho.";

/** The draft's columns: the owner's data where the property has a place for it, the rest as a new property's. */
export function draftOf(captacao: Captacao, corretorId: number): Omit<NewProperty, "referencia"> {
  const price = captacao.expectedPrice;
  const prices: Partial<NewProperty> =
    captacao.finalidade === "venda"
      ? { precoVenda: price }
      : { precoAluguel: price, periodoAluguel: captacao.finalidade === "aluguel" ? "mensal" : "diaria" };
  return {
    // The title the form would accept: no < or >, at most TITULO_MAX characters.
    titulo: captacaoHeadline(captacao).replace(/[<>]/g, "").slice(0, TITULO_MAX).trim(),
    // A starting point the agent rewrites: what the owner told about the property.
    descricao: captacao.message.trim(),
    tipo: captacao.tipo,
    finalidades: [captacao.finalidade],
    ...prices,
    // No price given: "Sob consulta" until the agent agrees one with the owner.
    precoSobConsulta: price === null,
    logradouro: captacao.logradouro,
    bairro: captacao.bairro,
    cidade: captacao.cidade,
    uf: "AL",
    // The owner's street stays private until the agent chooses otherwise (decision 017).
    visibilidadeEndereco: "bairro",
    publicacao: "rascunho",
    publishedAt: null,
    corretorId,
  };
}

/** Each pending original through the photo pipeline; files written so far are removed on a failure. */
async function processPendingPhotos(
  db: Db,
  storage: Storage,
  photos: { originalKey: string }[],
  log: Logger,
): Promise<{ processed: ProcessedImage[]; skipped: number }> {
  const processed: ProcessedImage[] = [];
  let skipped = 0;
  try {
    for (const photo of photos) {
      const original = await storage.get(photo.originalKey);
      if (!original) {
        log.warn({ key: photo.originalKey }, "captação: foto pendente sem arquivo");
        skipped += 1;
        continue;
      }
      try {
        processed.push(await processImage(original, storage));
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        log.warn(
          { key: photo.originalKey, reason: error.code },
          "captação: foto pendente recusada pelo pipeline",
        );
        skipped += 1;
      }
    }
  } catch (error) {
    await removeUnusedFiles(db, storage, processed).catch(() => undefined);
    throw error;
  }
  return { processed, skipped };
}

export async function convertCaptacao(
  services: { db: Db; storage: Storage; log?: Logger },
  actor: Actor,
  id: number,
  now: Date = new Date(),
): Promise<Conversion> {
  const { db, storage } = services;
  const log = services.log ?? defaultLogger();
  const existing = async (propertyId: number): Promise<Conversion> => {
    const [property] = await db
      .select({ referencia: properties.referencia })
      .from(properties)
      .where(eq(properties.id, propertyId));
    return { propertyId, referencia: property?.referencia ?? "", created: false, photosSkipped: 0 };
  };

  // Cheap answers first: a second click, or one the actor may not make, encodes nothing.
  const before = await loadVisible(db, actor, id);
  if (before.propertyId !== null) return existing(before.propertyId);
  if (before.status === "descartada") throw new CaptacaoError(409, REOPEN_FIRST);

  const pending = await db
    .select()
    .from(captacaoPhotos)
    .where(eq(captacaoPhotos.captacaoId, id))
    .orderBy(asc(captacaoPhotos.position), asc(captacaoPhotos.id));
  const { processed, skipped } = await processPendingPhotos(db, storage, pending, log);

  let outcome: { conversion: Conversion; moved: string[] };
  try {
    outcome = await db.transaction(async (tx) => {
      const captacao = await loadVisible(tx, actor, id, { lock: true });
      if (captacao.propertyId !== null) {
        return {
          conversion: { propertyId: captacao.propertyId, referencia: "", created: false, photosSkipped: 0 },
          moved: [],
        };
      }
      if (captacao.status === "descartada") throw new CaptacaoError(409, REOPEN_FIRST);
      const corretorId = captacao.assigneeId ?? actor.id;
      const referencia = await nextReferencia(tx, captacao.tipo);
      const [property] = await tx
        .insert(properties)
        .values({ ...draftOf(captacao, corretorId), referencia, createdAt: now, updatedAt: now })
        .returning({ id: properties.id });
      if (!property) throw new Error("captação: insert do imóvel sem retorno");
      // Photo rows of this captação read now, under its lock: what the files above were made from.
      const rows = await tx
        .select({ originalKey: captacaoPhotos.originalKey, previewKey: captacaoPhotos.previewKey })
        .from(captacaoPhotos)
        .where(eq(captacaoPhotos.captacaoId, id));
      if (processed.length > 0) {
        await tx.insert(propertyPhotos).values(
          processed.map((photo, position) => ({
            propertyId: property.id,
            position,
            isCover: position === 0,
            width: photo.width,
            height: photo.height,
            placeholderColor: photo.placeholderColor,
            hash: photo.hash,
            variants: photo.variants,
            createdAt: now,
          })),
        );
      }
      await tx
        .update(captacoes)
        .set({ status: "convertida", propertyId: property.id, convertedAt: now, updatedAt: now })
        .where(eq(captacoes.id, id));
      await tx.delete(captacaoPhotos).where(eq(captacaoPhotos.captacaoId, id));
      const origin = { userId: actor.id, ip: actor.ip, userAgent: actor.userAgent };
      await audit(tx, {
        ...origin,
        action: "property-created",
        entity: "property",
        entityId: property.id,
        details: { referencia, captacaoId: id, photos: processed.length },
      });
      await audit(tx, {
        ...origin,
        action: "captacao-converted",
        entity: "captacao",
        entityId: id,
        details: { propertyId: property.id, referencia, photos: processed.length, photosSkipped: skipped },
      });
      await recordListingChange(tx, property.id, [corretorId]);
      return {
        conversion: { propertyId: property.id, referencia, created: true, photosSkipped: skipped },
        moved: pendingKeys(rows),
      };
    });
  } catch (error) {
    await removeUnusedFiles(db, storage, processed).catch(() => undefined);
    throw error;
  }
  if (!outcome.conversion.created) {
    // Another click won: keep only the files its photo rows use.
    await removeUnusedFiles(db, storage, processed).catch(() => undefined);
    return existing(outcome.conversion.propertyId);
  }
  const left = await removePendingFiles(storage, outcome.moved);
  if (left.length > 0) log.warn({ keys: left }, "captação: arquivos de fotos pendentes não removidos");
  return outcome.conversion;
}
