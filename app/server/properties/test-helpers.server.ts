// Shared set-up for the listing domain's tests: users of each role and valid form data.
import sharp from "sharp";
import { type PropertyFormData, type PropertyFormInput, propertyFormSchema } from "../../lib/property-form";
import type { Db } from "../db/client.server";
import { users } from "../db/schema.server";
import type { Actor } from "./access.server";

let counter = 0;

export async function createActor(
  db: Db,
  role: Actor["role"],
  options: { active?: boolean } = {},
): Promise<Actor> {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      name: `${role === "admin" ? "Admin" : "Corretor"} ${counter}`,
      email: `${role}${counter}-${Date.now()}@teste.com.br`,
      passwordHash: "x",
      role,
      active: options.active ?? true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error("user not created");
  return { id: row.id, role, ip: "127.0.0.1", userAgent: "vitest" };
}

/** Valid form data; an override of "" leaves the field blank, as an empty input would. */
export function listingForm(overrides: PropertyFormInput = {}): PropertyFormData {
  const input: PropertyFormInput = {
    titulo: "Apartamento com vista mar na Ponta Verde",
    tipo: "apartamento",
    finalidades: ["venda"],
    precoVenda: "850000",
    bairro: "Ponta Verde",
    cidade: "Maceió",
    uf: "AL",
    ...overrides,
  };
  for (const [key, value] of Object.entries(input)) {
    if (value === "") delete input[key as keyof PropertyFormInput];
  }
  return propertyFormSchema.parse(input);
}

/** A photo-like JPEG (gradient + pattern) so the pipeline sees a real image. */
export async function makeJpeg(width = 480, height = 360, seed = 0): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = ((x ^ y) + seed * 37) & 0xff;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
