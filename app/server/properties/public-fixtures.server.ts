// Test helpers for the public listing queries: listings and photos with sensible defaults.
import type { Db } from "../db/client.server";
import { type NewProperty, type PhotoVariant, properties, propertyPhotos, users } from "../db/schema.server";

let sequence = 0;

export async function insertProperty(db: Db, overrides: Partial<NewProperty> = {}) {
  sequence++;
  const [row] = await db
    .insert(properties)
    .values({
      referencia: `TS${String(sequence).padStart(4, "0")}`,
      titulo: `Imóvel de teste ${sequence}`,
      descricao: "Imóvel bem localizado.",
      tipo: "apartamento",
      finalidades: ["venda"],
      precoVenda: 500_000,
      bairro: "Ponta Verde",
      cidade: "Maceió",
      latitude: -9.663,
      longitude: -35.702,
      publicacao: "publicado",
      publishedAt: new Date(Date.UTC(2026, 0, 1, 12, 0, sequence)),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

export function variantsFor(hash: string): PhotoVariant[] {
  return [320, 640, 1024, 1280, 1600].flatMap((width) =>
    (["avif", "webp", "jpeg"] as const).map((format) => ({
      format,
      width,
      height: Math.round((width * 2) / 3),
      key: `photos/${hash}/${width}.${format === "jpeg" ? "jpg" : format}`,
      bytes: width * 50,
    })),
  );
}

export async function insertPhoto(db: Db, propertyId: number, position: number, isCover = position === 0) {
  const hash = `h${propertyId}p${position}`;
  const [row] = await db
    .insert(propertyPhotos)
    .values({
      propertyId,
      position,
      isCover,
      altText: `Foto ${position + 1}`,
      width: 1600,
      height: 1067,
      placeholderColor: "#c8d4dc",
      hash,
      variants: variantsFor(hash),
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

export async function insertUser(db: Db, name = "Corretora Teste") {
  sequence++;
  const [row] = await db
    .insert(users)
    .values({ name, email: `corretor${sequence}@teste.com.br`, passwordHash: "x", phone: "82999990000" })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}
