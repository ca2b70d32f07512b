// The admin properties table: search, filters, sort and pagination in one indexed query.
// A corretor sees only their own properties, whatever the URL asks for.
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { ADMIN_LIST_PAGE_SIZE, type AdminListQuery, defaultDirection } from "../../lib/property-admin-list";
import {
  PUBLICATION_STATES,
  type PublicationState,
  STATUSES,
  type Status,
  TIPOS,
} from "../../lib/vocabulary";
import type { Db } from "../db/client.server";
import { type PhotoVariant, properties, propertyPhotos, users } from "../db/schema.server";
import type { Storage } from "../media/storage.server";
import type { Actor } from "./access.server";
import { priceLines } from "./cards.server";

export interface AdminListRow {
  id: number;
  referencia: string;
  titulo: string;
  tipoLabel: string;
  price: string;
  secondaryPrice: string | null;
  status: Status;
  statusLabel: string;
  publicacao: PublicationState;
  publicacaoLabel: string;
  destaque: boolean;
  corretorName: string | null;
  updatedAt: string;
  thumb: { src: string; width: number; height: number } | null;
}

export interface AdminListResult {
  rows: AdminListRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/** `%` and `_` typed in the search box are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filters(actor: Actor, query: AdminListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (actor.role !== "admin") conditions.push(eq(properties.corretorId, actor.id));
  else if (query.corretor) conditions.push(eq(properties.corretorId, query.corretor));
  if (query.tipo) conditions.push(eq(properties.tipo, query.tipo));
  if (query.status) conditions.push(eq(properties.status, query.status));
  if (query.publicacao) conditions.push(eq(properties.publicacao, query.publicacao));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      sql`(upper(${properties.referencia}) = upper(${query.q})
        or f_unaccent(${properties.titulo}) ilike f_unaccent(${pattern})
        or f_unaccent(${properties.bairro}) ilike f_unaccent(${pattern})
        or upper(${properties.referencia}) like upper(${pattern}))`,
    );
  }
  return and(...conditions);
}

function ordering(query: AdminListQuery): SQL[] {
  const direction = query.direcao ?? defaultDirection(query.ordem);
  const by = direction === "asc" ? asc : desc;
  const price = sql`coalesce(${properties.precoVenda}, ${properties.precoAluguel})`;
  const primary: Record<AdminListQuery["ordem"], SQL> = {
    atualizado: by(properties.updatedAt),
    referencia: by(properties.referencia),
    titulo: by(sql`lower(${properties.titulo})`),
    preco: direction === "asc" ? sql`${price} asc nulls last` : sql`${price} desc nulls last`,
    status: by(properties.status),
  };
  return [primary[query.ordem], desc(properties.id)];
}

/** The smallest stored variant is plenty for a 64 px thumbnail. */
function thumbOf(variants: PhotoVariant[], storage: Storage): AdminListRow["thumb"] {
  const pick = (format: PhotoVariant["format"]) =>
    variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width)[0];
  const variant = pick("webp") ?? pick("jpeg");
  return variant ? { src: storage.url(variant.key), width: variant.width, height: variant.height } : null;
}

export async function listForAdmin(
  db: Db,
  storage: Storage,
  actor: Actor,
  query: AdminListQuery,
): Promise<AdminListResult> {
  const where = filters(actor, query);
  const [counted] = await db.select({ total: count() }).from(properties).where(where);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_LIST_PAGE_SIZE));
  const page = Math.min(query.pagina, pageCount);

  const rows = await db
    .select({ property: properties, corretorName: users.name })
    .from(properties)
    .leftJoin(users, eq(users.id, properties.corretorId))
    .where(where)
    .orderBy(...ordering(query))
    .limit(ADMIN_LIST_PAGE_SIZE)
    .offset((page - 1) * ADMIN_LIST_PAGE_SIZE);

  const ids = rows.map((r) => r.property.id);
  const covers = ids.length
    ? await db
        .select({ propertyId: propertyPhotos.propertyId, variants: propertyPhotos.variants })
        .from(propertyPhotos)
        .where(and(inArray(propertyPhotos.propertyId, ids), eq(propertyPhotos.isCover, true)))
    : [];
  const coverOf = new Map(covers.map((c) => [c.propertyId, c.variants]));

  return {
    total,
    page,
    pageCount,
    pageSize: ADMIN_LIST_PAGE_SIZE,
    rows: rows.map(({ property: p, corretorName }) => {
      const cover = coverOf.get(p.id);
      return {
        id: p.id,
        referencia: p.referencia,
        titulo: p.titulo,
        tipoLabel: TIPOS[p.tipo].label,
        ...priceLines(p),
        status: p.status,
        statusLabel: STATUSES[p.status],
        publicacao: p.publicacao,
        publicacaoLabel: PUBLICATION_STATES[p.publicacao],
        destaque: p.destaque,
        corretorName,
        updatedAt: p.updatedAt.toISOString(),
        thumb: cover ? thumbOf(cover, storage) : null,
      };
    }),
  };
}
