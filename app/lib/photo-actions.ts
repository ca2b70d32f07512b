// What the photo manager may ask of /admin/imoveis/:id/fotos besides uploading, as one schema
// shared by the browser and the resource route.
import { z } from "zod";

export const ALT_TEXT_MAX = 200;
export const MAX_PHOTOS_PER_PROPERTY = 50;

/**
 * An upload's `position` field: the place the agent gave the photo when choosing several at
 * once (those already in the gallery, then the chosen files in their order). The uploads run
 * side by side and finish in any order; the place keeps the agent's order. Without it (the
 * plain form), the photo goes to the end.
 */
export const uploadPositionSchema = z
  .string()
  // Places may leave gaps (a refused file keeps its place); reordering closes them.
  .regex(/^\d{1,4}$/, "Posição da foto inválida.")
  .transform(Number);

const photoId = z
  .string({ error: "Foto não informada." })
  .regex(/^\d{1,9}$/, "Foto não encontrada.")
  .transform(Number);

export const photoActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("reorder"),
      order: z
        .string({ error: "Ordem das fotos não informada." })
        .regex(/^\d{1,9}(,\d{1,9})*$/, "Ordem das fotos inválida.")
        .transform((v) => v.split(",").map(Number)),
    }),
    z.object({
      intent: z.literal("move"),
      photoId,
      direction: z.enum(["up", "down"], { error: "Direção inválida." }),
    }),
    z.object({ intent: z.literal("cover"), photoId }),
    z.object({
      intent: z.literal("alt"),
      photoId,
      altText: z
        .string()
        .trim()
        .max(ALT_TEXT_MAX, `Descrição da foto: no máximo ${ALT_TEXT_MAX} caracteres.`)
        .optional()
        .transform((v) => v ?? ""),
    }),
    // Without confirmar=sim (sent by the confirmation dialog or page) nothing is deleted.
    z.object({ intent: z.literal("delete"), photoId, confirmar: z.literal("sim").optional() }),
  ],
  { error: "Ação desconhecida." },
);

export type PhotoAction = z.output<typeof photoActionSchema>;

export function parsePhotoAction(form: FormData) {
  const raw: Record<string, string> = {};
  for (const key of ["intent", "order", "photoId", "direction", "altText", "confirmar"]) {
    const value = form.get(key);
    if (typeof value === "string" && (value !== "" || key === "altText")) raw[key] = value;
  }
  return photoActionSchema.safeParse(raw);
}

/** A photo as the admin's manager shows it. */
export interface AdminPhoto {
  id: number;
  position: number;
  isCover: boolean;
  altText: string;
  width: number;
  height: number;
  placeholderColor: string;
  thumb: string;
}
