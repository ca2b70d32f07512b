// The agency's logo, colour and hero photo as the settings form saves them: real images made
// with sharp, through the form reader, the image pipeline and the database, files on disk.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertAgency, insertUser, PUBLIC_URL } from "../../../tests/support/factories";
import { makeJpeg, tempStorage } from "../../../tests/support/photos";
import { contrastRatio, DEFAULT_BRAND_COLOR, passesContrast } from "../../lib/brand-color";
import { formValues } from "../../lib/form-errors";
import { settingsSchema } from "../../lib/settings-schema";
import { getDataVersion } from "../cache/data-version.server";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import type { LocalDiskStorage } from "../media/storage.server";
import { agencyStructuredData } from "../seo/structured-data.server";
import { BrandImageError } from "./brand-images.server";
import { getAgencySettings } from "./settings.server";
import { chosenBrandColor, readSettingsForm } from "./settings-form.server";
import { updateAgencySettings } from "./update-settings.server";

let database: Database;
let storage: LocalDiskStorage;
let mediaDir: string;
let cleanup: () => Promise<void>;
let adminId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ storage, dir: mediaDir, cleanup } = await tempStorage());
  await insertAgency(database.db);
  adminId = (await insertUser(database.db, { name: "Dona da Imobiliária" })).id;
});

afterAll(async () => {
  await database?.close();
  await cleanup?.();
});

/** A logo as an owner would have one: a coloured word-mark on a transparent background. */
async function pngLogo(fill = "#c0392b", width = 600, height = 180): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="10" y="10" width="${width - 20}" height="${height - 20}" rx="24" fill="${fill}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The settings form as the browser posts it (multipart), with files by name. */
function settingsPost(
  fields: Record<string, string>,
  files: Record<string, { name: string; data: Buffer }> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ name: "Maré Alta Imóveis", creci: "1234-J", ...fields }))
    form.append(name, value);
  for (const [name, file] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(file.data)], { type: "image/png" }), file.name);
  return new Request("http://localhost/admin/configuracoes", { method: "POST", body: form });
}

/** What the action does with a post: read it, validate it, save it. */
async function save(request: Request) {
  const read = await readSettingsForm(request);
  const values = formValues(read.form);
  const saved = await getAgencySettings(database.db);
  const parsed = settingsSchema.safeParse({
    ...values,
    brandColor: chosenBrandColor(values.brandColor, values.brandColorPicker, saved.brandColor),
  });
  if (!parsed.success) throw parsed.error;
  if (Object.keys(read.fileErrors).length > 0)
    return { fileErrors: read.fileErrors, status: read.fileStatus };
  await updateAgencySettings(
    database.db,
    parsed.data,
    { userId: adminId },
    { storage, uploads: read.uploads },
  );
  return { fileErrors: {}, status: 200 };
}

async function filesUnder(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(join(mediaDir, folder), { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(mediaDir.length + 1));
  } catch {
    return [];
  }
}

async function settings() {
  return getAgencySettings(database.db);
}

describe("the logo", () => {
  beforeEach(async () => {
    await save(settingsPost({ removeLogo: "sim", removeHeroPhoto: "sim" }));
  });

  it("takes a PNG, stores it in a few sizes with content-hash names, and puts it in the JSON-LD", async () => {
    const before = await getDataVersion(database.db);
    await save(settingsPost({}, { logo: { name: "logo.png", data: await pngLogo() } }));
    const { logo } = await settings();
    expect(logo).toMatchObject({ width: 600, height: 180 });
    expect(logo?.hash).toMatch(/^[0-9a-f]{32}$/);
    const keys = logo?.variants.map((v) => v.key).sort() ?? [];
    expect(new Set(logo?.variants.map((v) => v.width))).toEqual(new Set([160, 320, 600]));
    expect(new Set(logo?.variants.map((v) => v.format))).toEqual(new Set(["avif", "webp", "jpeg"]));
    for (const key of keys)
      expect(key).toMatch(new RegExp(`^brand/logo/[0-9a-f]{2}/${logo?.hash}-\\d+\\.(avif|webp|jpg)$`));
    expect((await filesUnder("brand/logo")).sort()).toEqual(keys);
    // Cached pages refresh: the save moved the data version.
    expect(await getDataVersion(database.db)).toBeGreaterThan(before);

    const ld = await agencyStructuredData(database.db, PUBLIC_URL, storage);
    expect(ld.logo).toBe(`${PUBLIC_URL}/media/brand/logo/${logo?.hash.slice(0, 2)}/${logo?.hash}-600.jpg`);
  });

  it("refuses a text file named logo.png at the field, with nothing saved and no file written", async () => {
    const before = await settings();
    const text = Buffer.from("isto não é uma imagem, só um texto com nome de PNG\n");
    const refusal = await save(
      settingsPost({ brandColor: "#7a1f5c" }, { logo: { name: "logo.png", data: text } }),
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(BrandImageError);
    expect(refusal).toMatchObject({
      field: "logo",
      status: 400,
      message: "Formato não aceito: envie JPEG, PNG, WebP ou AVIF.",
    });
    const after = await settings();
    expect(after.logo).toBeNull();
    expect(after.brandColor).toBe(before.brandColor);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await filesUnder("brand")).toEqual([]);
  });

  it("refuses a logo over 5 MB before decoding it, with a 413 for its field", async () => {
    const big = Buffer.concat([await pngLogo(), Buffer.alloc(5 * 1024 * 1024)]);
    const result = await save(settingsPost({}, { logo: { name: "logo.png", data: big } }));
    expect(result).toEqual({
      status: 413,
      fileErrors: { logo: "Arquivo grande demais: o logotipo pode ter até 5 MB." },
    });
    expect(await filesUnder("brand")).toEqual([]);
  });

  it("replaced, the old logo's files go; sent again, the same files stay; removed, none is left", async () => {
    await save(settingsPost({}, { logo: { name: "a.png", data: await pngLogo("#c0392b") } }));
    const first = (await settings()).logo;
    await save(
      settingsPost(
        {},
        {
          logo: {
            name: "b.webp",
            data: await sharp(await pngLogo("#1e8449"))
              .webp()
              .toBuffer(),
          },
        },
      ),
    );
    const second = (await settings()).logo;
    expect(second?.hash).not.toBe(first?.hash);
    expect((await filesUnder("brand/logo")).sort()).toEqual(second?.variants.map((v) => v.key).sort());

    // The same file again (the owner saved with it still chosen): nothing is lost.
    await save(
      settingsPost(
        {},
        {
          logo: {
            name: "b.webp",
            data: await sharp(await pngLogo("#1e8449"))
              .webp()
              .toBuffer(),
          },
        },
      ),
    );
    expect((await settings()).logo?.hash).toBe(second?.hash);
    expect((await filesUnder("brand/logo")).sort()).toEqual(second?.variants.map((v) => v.key).sort());

    // A save of the texts alone keeps it.
    await save(settingsPost({ address: "Rua do Sol, 10" }));
    expect((await settings()).logo?.hash).toBe(second?.hash);

    await save(settingsPost({ removeLogo: "sim" }));
    expect((await settings()).logo).toBeNull();
    expect(await filesUnder("brand")).toEqual([]);
    // Back to the name in text: the JSON-LD falls back to the site's social image.
    expect((await agencyStructuredData(database.db, PUBLIC_URL, storage)).logo).toBe(
      `${PUBLIC_URL}/og-image.jpg`,
    );
  });
});

describe("the hero photo", () => {
  it("is stored at the screen widths, and a refused photo undoes the logo sent with it", async () => {
    await save(settingsPost({}, { heroPhoto: { name: "praia.jpg", data: await makeJpeg(2000, 1200) } }));
    const { heroPhoto } = await settings();
    expect(new Set(heroPhoto?.variants.map((v) => v.width))).toEqual(new Set([320, 640, 960, 1280, 1920]));
    const heroFiles = await filesUnder("brand/hero");
    expect(heroFiles.length).toBe(15);

    // A photo too small to look sharp: refused at its field, and the logo of the same post too.
    const refusal = await save(
      settingsPost(
        {},
        {
          logo: { name: "logo.png", data: await pngLogo("#2e4053") },
          heroPhoto: { name: "pequena.jpg", data: await makeJpeg(800, 500) },
        },
      ),
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ field: "heroPhoto", status: 400 });
    expect((refusal as Error).message).toMatch(/^Foto pequena demais: envie uma com pelo menos 1200 pixels/);
    expect((await settings()).logo).toBeNull();
    expect(await filesUnder("brand/logo")).toEqual([]);
    expect((await filesUnder("brand/hero")).sort()).toEqual(heroFiles.sort());

    await save(settingsPost({ removeHeroPhoto: "sim" }));
    expect((await settings()).heroPhoto).toBeNull();
    expect(await filesUnder("brand")).toEqual([]);
  });
});

describe("the brand colour", () => {
  it("refuses a colour white text cannot be read on, suggesting a darker shade that passes", async () => {
    for (const colour of ["#4fb3d9", "#f1c40f", "#ff7f50", "#9b9b9b"]) {
      const parsed = settingsSchema.safeParse({ name: "Maré Alta", creci: "1234-J", brandColor: colour });
      expect(parsed.success, colour).toBe(false);
      const message = parsed.error?.issues.find((i) => i.path[0] === "brandColor")?.message ?? "";
      expect(message).toMatch(/^Cor com pouco contraste: \d,\d:1, .* pelo menos 4,5:1 \(WCAG AA\)\./);
      const suggestion = message.match(/Experimente (#[0-9a-f]{6}), um tom mais escuro/)?.[1] ?? "";
      expect(passesContrast(suggestion), `${colour} → ${suggestion}`).toBe(true);
      expect(contrastRatio(suggestion, "#ffffff")).toBeGreaterThanOrEqual(4.5);
      // The suggestion, taken, is saved.
      expect(
        settingsSchema.parse({ name: "Maré Alta", creci: "1234-J", brandColor: suggestion }).brandColor,
      ).toBe(suggestion);
    }
  });

  it("is saved from the text box or, without JavaScript, from the picker the owner moved", async () => {
    await save(settingsPost({ brandColor: "#7A1F5C", brandColorPicker: DEFAULT_BRAND_COLOR }));
    expect((await settings()).brandColor).toBe("#7a1f5c");
    await save(settingsPost({ brandColor: "#7a1f5c", brandColorPicker: "#1d5e3a" }));
    expect((await settings()).brandColor).toBe("#1d5e3a");
    // A form without the field (an older page) keeps the colour.
    await save(settingsPost({}));
    expect((await settings()).brandColor).toBe("#1d5e3a");
    await save(settingsPost({ brandColor: DEFAULT_BRAND_COLOR }));
    expect((await settings()).brandColor).toBe(DEFAULT_BRAND_COLOR);
  });
});
