// Test helpers for feeds, sitemap and social images: a temporary disk storage with real
// processed photos, the agency row, and listings with sensible defaults.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { Db } from "../db/client.server";
import { agencySettings, type NewProperty, properties, propertyPhotos, users } from "../db/schema.server";
import { type ProcessedImage, processImage } from "../media/pipeline.server";
import { LocalDiskStorage } from "../media/storage.server";

export const PUBLIC_URL = "https://www.imoveis-teste.com.br";

export async function tempStorage(): Promise<{ storage: LocalDiskStorage; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "seo-media-"));
  return {
    storage: new LocalDiskStorage(dir, "/media"),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A real photo through the real pipeline (JPEG + WebP, 640 and 1920 px, from a 2000 px original). */
export async function samplePhoto(storage: LocalDiskStorage, hue: number): Promise<ProcessedImage> {
  const width = 2000;
  const height = 1333;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue},60%,55%)"/>
    <circle cx="${500 + hue}" cy="600" r="300" fill="hsl(${(hue + 120) % 360},70%,45%)"/>
  </svg>`;
  const input = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  return processImage(input, storage, { widths: [640, 1920], formats: ["jpeg", "webp"] });
}

export async function insertAgency(db: Db, overrides: Partial<typeof agencySettings.$inferInsert> = {}) {
  await db.insert(agencySettings).values({
    id: 1,
    name: "Imobiliária Maré Alta",
    creci: "1234-J",
    phones: ["(82) 3333-4444", "(82) 99999-8888"],
    whatsapp: "82999998888",
    email: "contato@mare-alta.com.br",
    address: "Av. Álvaro Otacílio, 1000 - Ponta Verde, Maceió - AL",
    videoChannelUrl: "https://www.youtube.com/@marealta",
    socialLinks: { instagram: "https://instagram.com/marealta", facebook: "" },
    ...overrides,
  });
}

let sequence = 0;

const LONG_DESCRIPTION =
  "Apartamento amplo e ventilado a poucos passos da praia, com sala para dois ambientes, " +
  "cozinha planejada e varanda com vista para o mar. Prédio com lazer completo.";

export async function insertListing(db: Db, overrides: Partial<NewProperty> = {}) {
  sequence++;
  const [row] = await db
    .insert(properties)
    .values({
      referencia: `AP${String(9000 + sequence).padStart(4, "0")}`,
      titulo: `Apartamento de teste número ${sequence}`,
      descricao: LONG_DESCRIPTION,
      tipo: "apartamento",
      finalidades: ["venda"],
      precoVenda: 850_000,
      quartos: 3,
      suites: 1,
      banheiros: 2,
      vagas: 2,
      areaUtil: 120,
      cep: "57035-000",
      logradouro: "Rua Desportista Humberto Guimarães",
      numero: "100",
      bairro: "Ponta Verde",
      cidade: "Maceió",
      uf: "AL",
      latitude: -9.663123,
      longitude: -35.702456,
      visibilidadeEndereco: "completo",
      publicacao: "publicado",
      status: "disponivel",
      publicarPortais: true,
      publishedAt: new Date(Date.UTC(2026, 0, 10, 12, 0, 0)),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

/** `count` photos from the given processed images (cycled), the first one the cover. */
export async function insertPhotos(db: Db, propertyId: number, images: ProcessedImage[], count: number) {
  if (count === 0) return;
  await db.insert(propertyPhotos).values(
    Array.from({ length: count }, (_, position) => {
      const image = images[position % images.length]!;
      return {
        propertyId,
        position,
        isCover: position === 0,
        altText: `Foto ${position + 1}`,
        width: image.width,
        height: image.height,
        placeholderColor: image.placeholderColor,
        hash: image.hash,
        variants: image.variants,
      };
    }),
  );
}

export async function insertCorretor(db: Db, name: string) {
  sequence++;
  const [row] = await db
    .insert(users)
    .values({ name, email: `corretor${sequence}@mare-alta.com.br`, passwordHash: "x", role: "corretor" })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}
