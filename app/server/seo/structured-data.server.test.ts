import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAgency, insertProperty, PORTAL_READY, PUBLIC_URL } from "../../../tests/support/factories";
import type { JsonLdObject } from "../../lib/structured-data";
import type { Database } from "../db/client.server";
import type { PhotoVariant } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import { distanceMetres, publicLocation } from "../properties/location.server";
import { agencyStructuredData, listingStructuredData } from "./structured-data.server";

let database: Database;
const storage = new LocalDiskStorage("/tmp/nao-usado", "/media");
const variants = (hash: string): PhotoVariant[] => [
  { format: "webp", width: 1920, height: 1280, key: `${hash}-1920.webp`, bytes: 1 },
  { format: "jpeg", width: 1280, height: 853, key: `${hash}-1280.jpg`, bytes: 1 },
  { format: "jpeg", width: 1920, height: 1280, key: `${hash}-1920.jpg`, bytes: 1 },
];

beforeAll(async () => {
  database = await createTestDatabase();
  await insertAgency(database.db);
});

afterAll(async () => {
  await database?.close();
});

describe("structured data from rows", () => {
  it("builds the listing's RealEstateListing with absolute JPEG images in page order", async () => {
    const property = await insertProperty(database.db, {
      ...PORTAL_READY,
      referencia: "AP0042",
      visibilidadeEndereco: "bairro",
    });
    const ld = listingStructuredData(
      property,
      [{ variants: variants("aa") }, { variants: variants("bb") }],
      storage,
      {
        publicUrl: PUBLIC_URL,
        agencyName: "Imobiliária Maré Alta",
      },
    );
    expect(ld["@type"]).toBe("RealEstateListing");
    expect(ld.url).toBe(`${PUBLIC_URL}/casas/AP0042`);
    expect(ld.image).toEqual([`${PUBLIC_URL}/media/aa-1920.jpg`, `${PUBLIC_URL}/media/bb-1920.jpg`]);
    expect(JSON.stringify(ld)).not.toContain("Humberto");
    expect(((ld.mainEntity as JsonLdObject).address as JsonLdObject).addressLocality).toBe("Maceió");
  });

  it("places a hidden address where its page's map does, never at its true point", async () => {
    const truth = { lat: -9.668841, lng: -35.72213 };
    for (const [referencia, visibilidadeEndereco, createdAt] of [
      ["RU0001", "rua", "2026-11-02T08:30:00.456Z"],
      ["BA0001", "bairro", "2026-11-01T12:00:00.123Z"],
    ] as const) {
      const property = await insertProperty(database.db, {
        referencia,
        // Fixed: the moved point derives from the id and the creation instant (location.server.ts),
        // and rounding to 3 decimals can bring a 60 m move back within 50 m of the truth.
        createdAt: new Date(createdAt),
        latitude: truth.lat,
        longitude: truth.lng,
        visibilidadeEndereco,
      });
      const ld = listingStructuredData(property, [], storage, { publicUrl: PUBLIC_URL });
      const geo = (ld.mainEntity as JsonLdObject).geo as { latitude: number; longitude: number };
      const shown = publicLocation(property)!;
      expect({ lat: geo.latitude, lng: geo.longitude }).toEqual({ lat: shown.lat, lng: shown.lng });
      expect(distanceMetres(shown, truth), `${referencia}: ${distanceMetres(shown, truth)}`).toBeGreaterThan(
        50,
      );
      const json = JSON.stringify(ld);
      for (const spelling of ["-9.6688", "-35.7221"]) expect(json).not.toContain(spelling);
    }
  });

  it("builds the home's RealEstateAgent from the settings", async () => {
    const ld = await agencyStructuredData(database.db, PUBLIC_URL);
    expect(ld).toMatchObject({
      "@type": "RealEstateAgent",
      name: "Imobiliária Maré Alta",
      identifier: { propertyID: "CRECI", value: "1234-J" },
      sameAs: ["https://www.youtube.com/@marealta", "https://instagram.com/marealta"],
    });
  });
});
