// "Anuncie seu imóvel" against a real database, real files and a real SMTP server: what a valid
// post stores (the captação, its private photos, the agency's e-mail), and that a refused one
// (text, photos, size, a bot) writes nothing and says why at the field.
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertAgency } from "../../../tests/support/factories";
import { makeJpeg, tempStorage } from "../../../tests/support/photos";
import { CAPTACAO_MAX_PHOTOS } from "../../lib/captacao-fields";
import type { Database } from "../db/client.server";
import { captacaoPhotos, captacoes, outbox } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import type { MailTransport } from "../mail/mailer.server";
import { startTestSmtp, type TestSmtp, testMailTransport } from "../mail/test-smtp.server";
import type { LocalDiskStorage } from "../media/storage.server";
import { createOutboxWorker } from "../outbox/outbox.server";
import { LGPD_CONSENT_VERSION } from "../settings/agency-defaults.server";
import { CAPTACAO_EMAIL_KIND, captacaoEmailHandler } from "./emails.server";
import { PENDING_PHOTO_GRACE_MS, prunePendingPhotos } from "./pending-photo-prune.server";
import { checkPendingPhoto, isPendingMediaPath, storePendingPhotos } from "./pending-photos.server";
import { readCaptacaoBody, textFieldsBeforeFiles } from "./read-body.server";
import { submitCaptacao } from "./submit.server";

let database: Database;
let storage: LocalDiskStorage;
let mediaDir: string;
let cleanup: () => Promise<void>;
let smtp: TestSmtp;
let transport: MailTransport;
let photo: Buffer;

const VALID = {
  name: "Joana Proprietária",
  phone: "82 98888 7777",
  email: "joana@exemplo.com.br",
  tipo: "apartamento",
  finalidade: "venda",
  logradouro: "Rua Jangadeiros Alagoanos, 1000",
  bairro: "Pajuçara",
  cidade: "Maceió",
  preco: "R$ 850.000",
  message: "Três quartos, vista mar.",
  consent: "on",
  website: "",
};

function formOf(fields: Record<string, string | undefined>, files: { name: string; bytes: Buffer }[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  for (const file of files)
    form.append("fotos", new File([new Uint8Array(file.bytes)], file.name, { type: "image/jpeg" }));
  return form;
}

const submit = (form: FormData, now?: Date) =>
  submitCaptacao({ db: database.db, storage }, { kind: "form", form }, now);

async function filesOnDisk(): Promise<string[]> {
  try {
    const entries = await readdir(join(mediaDir, "captacoes"), { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

async function counts() {
  return {
    captacoes: (await database.db.select().from(captacoes)).length,
    photos: (await database.db.select().from(captacaoPhotos)).length,
    files: (await filesOnDisk()).length,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await insertAgency(database.db, { email: "contato@agencia-teste.com.br" });
  ({ storage, dir: mediaDir, cleanup } = await tempStorage());
  smtp = await startTestSmtp();
  transport = testMailTransport(smtp.url);
  photo = await makeJpeg(800, 600, 1);
});

afterAll(async () => {
  transport.close();
  await smtp.close();
  await cleanup?.();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(captacoes);
  await database.db.delete(outbox);
  await rm(join(mediaDir, "captacoes"), { recursive: true, force: true });
});

describe("a valid post", () => {
  it("stores the captação with its consent, its photos as private files and the agency's e-mail", async () => {
    const now = new Date("2026-03-02T15:00:00Z");
    const second = await makeJpeg(640, 480, 2);
    const result = await submit(
      formOf(VALID, [
        { name: "sala.jpg", bytes: photo },
        { name: "varanda.jpg", bytes: second },
        // The same picture chosen twice is one photo.
        { name: "sala-de-novo.jpg", bytes: photo },
      ]),
      now,
    );
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ok: true, photos: 2 });
    const [row] = await database.db.select().from(captacoes);
    expect(row).toMatchObject({
      name: "Joana Proprietária",
      phone: "(82) 98888-7777",
      phoneKey: "8288887777",
      email: "joana@exemplo.com.br",
      tipo: "apartamento",
      finalidade: "venda",
      logradouro: "Rua Jangadeiros Alagoanos, 1000",
      bairro: "Pajuçara",
      cidade: "Maceió",
      expectedPrice: 850_000,
      message: "Três quartos, vista mar.",
      status: "nova",
      assigneeId: null,
      propertyId: null,
      consentVersion: LGPD_CONSENT_VERSION,
      consentAt: now,
    });
    const photos = await database.db.select().from(captacaoPhotos).orderBy(captacaoPhotos.position);
    expect(photos.map((p) => [p.position, p.width, p.height])).toEqual([
      [0, 800, 600],
      [1, 640, 480],
    ]);
    for (const p of photos) {
      expect(p.originalKey).toMatch(/^captacoes\/[0-9a-f-]{36}\/[0-9a-f]{32}\.jpg$/);
      expect(await storage.get(p.originalKey)).not.toBeNull();
      // The preview is a WebP without the original's metadata.
      const preview = await storage.get(p.previewKey);
      expect(preview?.subarray(8, 12).toString("latin1")).toBe("WEBP");
    }
    expect(await storage.get(photos[0]?.originalKey ?? "")).toEqual(photo);

    const [mail] = await database.db.select().from(outbox).where(eq(outbox.kind, CAPTACAO_EMAIL_KIND));
    expect(mail?.payload).toEqual({ captacaoId: row?.id, to: "contato@agencia-teste.com.br" });
    smtp.received.length = 0;
    const worker = createOutboxWorker({
      database,
      handlers: { [CAPTACAO_EMAIL_KIND]: captacaoEmailHandler(database.db, transport, "https://site.teste") },
      pollIntervalMs: 600_000,
      log: () => {},
    });
    expect(await worker.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    const received = smtp.received[0];
    expect(received?.to).toEqual(["contato@agencia-teste.com.br"]);
    const text = decoded(received?.raw ?? "");
    expect(text).toContain("Apartamento à venda em Pajuçara");
    expect(text).toContain("Telefone: (82) 98888-7777");
    expect(text).toContain("Valor pretendido: R$ 850.000");
    expect(text).toContain("Fotos: 2");
    expect(text).toContain(`https://site.teste/admin/captacoes/${row?.id}`);
    expect(received?.raw).toMatch(/Reply-To: joana@exemplo\.com\.br/i);
  });

  it("needs no photo, no e-mail, no street and no price", async () => {
    const result = await submit(
      formOf({ ...VALID, email: "", logradouro: "", preco: "", message: "", finalidade: "temporada" }),
    );
    expect(result).toMatchObject({ status: 200, body: { ok: true, photos: 0 } });
    const [row] = await database.db.select().from(captacoes);
    expect(row).toMatchObject({
      email: null,
      logradouro: null,
      expectedPrice: null,
      message: "",
      finalidade: "temporada",
    });
    expect(await filesOnDisk()).toEqual([]);
  });

  it("reads a real multipart request, empty file input included", async () => {
    const form = formOf(VALID);
    form.append("fotos", new File([], "", { type: "application/octet-stream" }));
    const request = new Request("http://localhost/anuncie-seu-imovel", { method: "POST", body: form });
    const body = await readCaptacaoBody(request);
    expect(body.kind).toBe("form");
    const result = await submitCaptacao({ db: database.db, storage }, body);
    expect(result.body).toEqual({ ok: true, photos: 0 });
  });
});

describe("a refused post writes nothing", () => {
  it("answers each bad field with its message, keeping what was typed", async () => {
    const result = await submit(
      formOf(
        {
          ...VALID,
          name: "",
          phone: "123",
          tipo: "castelo",
          finalidade: "",
          bairro: "",
          preco: "muito",
          consent: undefined,
        },
        [{ name: "sala.jpg", bytes: photo }],
      ),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      ok: false,
      photosSent: 1,
      values: { name: "", phone: "123", tipo: "castelo", cidade: "Maceió", preco: "muito" },
      fieldErrors: {
        name: "Informe seu nome.",
        phone: "Informe o telefone com DDD, ex.: (82) 99999-9999.",
        tipo: "Escolha o tipo do imóvel.",
        finalidade: "Escolha se quer vender, alugar ou alugar por temporada.",
        bairro: "Informe o bairro.",
        preco: "Valor pretendido: informe o valor em reais, sem centavos (ex.: 850.000).",
        consent: "Para enviar, autorize o contato marcando esta caixa.",
      },
    });
    expect(await counts()).toEqual({ captacoes: 0, photos: 0, files: 0 });
  });

  it("needs a phone, even with an e-mail", async () => {
    const result = await submit(formOf({ ...VALID, phone: "" }));
    expect(result.body).toMatchObject({
      fieldErrors: { phone: expect.stringContaining("Informe um telefone") },
    });
  });

  it("refuses a rent too high for the property it would become", async () => {
    const result = await submit(formOf({ ...VALID, finalidade: "aluguel", preco: "200.000.000" }));
    expect(result.body).toMatchObject({ fieldErrors: { preco: "Valor pretendido: valor alto demais." } });
  });

  it("refuses a file that is not a photo, or a truncated one, naming it", async () => {
    for (const [name, bytes] of [
      ["documento.jpg", Buffer.from("%PDF-1.4 não é uma foto")],
      ["cortada.jpg", photo.subarray(0, Math.floor(photo.length / 2))],
    ] as const) {
      const result = await submit(
        formOf(VALID, [
          { name: "boa.jpg", bytes: photo },
          { name, bytes },
        ]),
      );
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({
        fieldErrors: { fotos: expect.stringMatching(new RegExp(`^${name}: `)) },
      });
    }
    expect(await counts()).toEqual({ captacoes: 0, photos: 0, files: 0 });
  });

  it(`refuses more than ${CAPTACAO_MAX_PHOTOS} photos`, async () => {
    const files = Array.from({ length: CAPTACAO_MAX_PHOTOS + 1 }, (_, i) => ({
      name: `f${i}.jpg`,
      bytes: photo,
    }));
    const result = await submit(formOf(VALID, files));
    expect(result.body).toMatchObject({
      fieldErrors: { fotos: `Envie no máximo ${CAPTACAO_MAX_PHOTOS} fotos.` },
    });
    expect(await counts()).toEqual({ captacoes: 0, photos: 0, files: 0 });
  });

  it("answers a bot as if it were received, keeping nothing", async () => {
    const result = await submit(
      formOf({ ...VALID, website: "http://spam.example" }, [{ name: "a.jpg", bytes: photo }]),
    );
    expect(result).toMatchObject({ status: 200, body: { ok: true } });
    expect(await counts()).toEqual({ captacoes: 0, photos: 0, files: 0 });
  });

  it("removes the files it wrote when the database refuses the captação", async () => {
    // A real refusal from the database, not a stand-in: a trigger that fails every insert.
    await database.db.execute(`create or replace function captacao_recusa() returns trigger language plpgsql as $$
      begin raise exception 'recusado pelo teste'; end $$`);
    await database.db.execute(
      "create trigger captacao_recusa before insert on captacao_photos for each row execute function captacao_recusa()",
    );
    try {
      await expect(submit(formOf(VALID, [{ name: "sala.jpg", bytes: photo }]))).rejects.toThrow();
      expect(await counts()).toEqual({ captacoes: 0, photos: 0, files: 0 });
    } finally {
      await database.db.execute("drop trigger captacao_recusa on captacao_photos");
    }
  });

  it("answers a body that is not a form 400", async () => {
    const request = new Request("http://localhost/anuncie-seu-imovel", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    const result = await submitCaptacao({ db: database.db, storage }, await readCaptacaoBody(request));
    expect(result.status).toBe(400);
  });
});

describe("a post too large to keep", () => {
  it("gives back the text typed before the photos", () => {
    const boundary = "----limite";
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const prefix = Buffer.from(
      `${part("name", "Joana")}${part("message", "Linha 1\r\nLinha 2")}--${boundary}\r\nContent-Disposition: form-data; name="fotos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
      "latin1",
    );
    const fields = textFieldsBeforeFiles(Buffer.concat([Buffer.from(prefix)]), boundary);
    expect(Object.fromEntries(fields)).toEqual({ name: "Joana", message: "Linha 1\r\nLinha 2" });
  });

  it("is refused 413 with the text back, and nothing stored", async () => {
    const result = await submitCaptacao(
      { db: database.db, storage },
      {
        kind: "too-large",
        typed: new Map([
          ["name", "Joana"],
          ["bairro", "Pajuçara"],
        ]),
      },
    );
    expect(result.status).toBe(413);
    expect(result.body).toMatchObject({
      ok: false,
      values: { name: "Joana", bairro: "Pajuçara" },
      fieldErrors: { fotos: expect.stringContaining("40 MB") },
    });
    expect(await counts()).toEqual({ captacoes: 0, photos: 0, files: 0 });
  });
});

describe("pending photos are never public", () => {
  it("recognises their folder however the path is written", () => {
    for (const path of [
      "/captacoes/abc/x.jpg",
      "//captacoes/abc/x.jpg",
      "/./captacoes/x.jpg",
      "/%63aptacoes/x.jpg",
      "/Captacoes/x.jpg",
      "/ab/../captacoes/x.jpg",
      "/captacoes",
    ]) {
      expect(isPendingMediaPath(path), path).toBe(true);
    }
    for (const path of ["/ab/abcdef-640.webp", "/brand/logo.png", "/captacoes-antigas.jpg"]) {
      expect(isPendingMediaPath(path), path).toBe(false);
    }
  });
});

/** The decoded text of a received message (quoted-printable, as nodemailer writes it). */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/(=[0-9A-F]{2})+/g, (match) => Buffer.from(match.replace(/=/g, ""), "hex").toString("utf8"));
}

describe("the daily sweep of pending photos", () => {
  it("deletes the files of a submission that never committed, once an hour old, and keeps every captação's", async () => {
    expect((await submit(formOf(VALID, [{ name: "sala.jpg", bytes: photo }]))).status).toBe(200);
    // A process stopped between writing the files and committing the rows leaves them unnamed.
    await storePendingPhotos(storage, [await checkPendingPhoto(await makeJpeg(640, 480, 3))]);
    expect(await counts()).toMatchObject({ photos: 1, files: 4 });
    // Just written: its submission may still be committing.
    expect(await prunePendingPhotos({ db: database.db, storage })).toEqual({ deleted: 0 });
    const later = new Date(Date.now() + PENDING_PHOTO_GRACE_MS + 60_000);
    expect(await prunePendingPhotos({ db: database.db, storage }, later)).toEqual({ deleted: 2 });
    const [held] = await database.db.select().from(captacaoPhotos);
    expect((await filesOnDisk()).sort()).toEqual(
      [held!.originalKey, held!.previewKey].map((key) => key.split("/").at(-1)).sort(),
    );
  });
});
