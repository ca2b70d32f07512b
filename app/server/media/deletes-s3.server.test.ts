// Deleting with the photos in an S3 bucket leaves no object behind, as in the data folder: a
// photo, a listing (objects another listing still uses stay), a captação erased, and a captação
// converted (its pending originals go once they are listing photos). Same domain functions as
// the data-folder tests (properties/photos.server.test.ts, captacoes/*.test.ts), real S3 server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createActor, insertAgency, propertyFormData } from "../../../tests/support/factories";
import { makeJpeg } from "../../../tests/support/photos";
import { startTestS3, type TestS3 } from "../../../tests/support/s3-server";
import { convertCaptacao } from "../captacoes/convert.server";
import { changeCaptacaoStatus, eraseCaptacao } from "../captacoes/queue.server";
import { submitCaptacao } from "../captacoes/submit.server";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import type { Actor } from "../properties/access.server";
import { createProperty, deleteProperty } from "../properties/admin.server";
import { addPhoto, deletePhoto } from "../properties/photos.server";
import type { S3Storage } from "./s3-storage.server";

let database: Database;
let s3: TestS3;
let storage: S3Storage;
let admin: Actor;

beforeAll(async () => {
  [database, s3] = await Promise.all([createTestDatabase(), startTestS3()]);
  storage = s3.storage();
  await insertAgency(database.db);
  admin = await createActor(database.db, "admin");
}, 60_000);

afterAll(async () => {
  await database?.close();
  await s3?.stop();
});

beforeEach(async () => {
  await s3.empty();
});

async function newCaptacao(photos: Buffer[]): Promise<number> {
  const form = new FormData();
  const values = {
    name: "Dona Teresa",
    phone: "(82) 98765-0000",
    email: "teresa@exemplo.com.br",
    tipo: "terreno",
    finalidade: "venda",
    bairro: "Garça Torta",
    cidade: "Maceió",
    consent: "on",
  };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  for (const photo of photos) {
    form.append("fotos", new File([new Uint8Array(photo)], "lote.jpg", { type: "image/jpeg" }));
  }
  const result = await submitCaptacao({ db: database.db, storage }, { kind: "form", form });
  if (!result.captacaoId) throw new Error(JSON.stringify(result.body));
  return result.captacaoId;
}

describe("deleting with the photos in S3", () => {
  it("a photo and a listing take their objects, except those another listing still uses", async () => {
    const shared = await makeJpeg(480, 360, 11);
    const first = (await createProperty(database.db, admin, propertyFormData())).id;
    const second = (await createProperty(database.db, admin, propertyFormData())).id;
    await addPhoto(database.db, storage, admin, first, shared);
    await addPhoto(database.db, storage, admin, first, await makeJpeg(480, 360, 12));
    const kept = await addPhoto(database.db, storage, admin, second, shared);
    const everything = await s3.keys();
    expect(everything.length).toBeGreaterThan(0);

    await deleteProperty(database.db, storage, admin, first);
    const left = await s3.keys();
    // The shared picture's variants stay (the second listing shows them), the other's are gone.
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(everything.length);
    expect(left.every((key) => everything.includes(key))).toBe(true);

    await deletePhoto(database.db, storage, admin, second, kept.id);
    expect(await s3.keys()).toEqual([]);
  }, 60_000);

  it("an erased captação takes its pending originals and previews", async () => {
    const id = await newCaptacao([await makeJpeg(640, 480, 13)]);
    const pending = await s3.keys();
    expect(pending).toHaveLength(2);
    expect(pending.every((key) => key.startsWith("captacoes/"))).toBe(true);
    await changeCaptacaoStatus(database.db, admin, id, "descartada");
    await eraseCaptacao(database.db, storage, admin, id);
    expect(await s3.keys()).toEqual([]);
  });

  it("a converted captação's pending files go, its listing's photos are in the bucket and go with it", async () => {
    const id = await newCaptacao([await makeJpeg(800, 600, 14), await makeJpeg(700, 500, 15)]);
    const conversion = await convertCaptacao({ db: database.db, storage }, admin, id);
    const keys = await s3.keys();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.startsWith("captacoes/"))).toEqual([]);
    await deleteProperty(database.db, storage, admin, conversion.propertyId);
    expect(await s3.keys()).toEqual([]);
  }, 60_000);
});
