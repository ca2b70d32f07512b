// JSON-LD from database rows: the listing page's RealEstateListing and the home's
// RealEstateAgent (app/lib/structured-data.ts does the shaping; this maps our rows to it).
import {
  type JsonLdObject,
  type JsonLdRental,
  realEstateAgentJsonLd,
  realEstateListingJsonLd,
} from "../../lib/structured-data";
import type { Db } from "../db/client.server";
import type { Property, PropertyPhoto } from "../db/schema.server";
import { portalJpeg } from "../feeds/mapping.server";
import type { Storage } from "../media/storage.server";
import { publicPoint } from "../properties/location.server";
import { brandImageJpeg } from "../settings/brand.server";
import { getAgencySettings } from "../settings/settings.server";

/** RealEstateListing for /casas/{referencia}; photos in page order (cover first). */
export function listingStructuredData(
  property: Property,
  photos: readonly Pick<PropertyPhoto, "variants">[],
  storage: Pick<Storage, "url">,
  options: { publicUrl: string; agencyName?: string; rental?: JsonLdRental | null },
): JsonLdObject {
  const images = photos.flatMap((photo) => {
    const jpeg = portalJpeg(photo.variants);
    return jpeg ? [storage.url(jpeg.key)] : [];
  });
  // The point the listing page's map shows: moved and rounded when the address is hidden
  // (docs/decisions/017-address-privacy.md), so the JSON-LD gives away no more than the map.
  const point = publicPoint(property);
  return realEstateListingJsonLd(
    { ...property, latitude: point?.lat ?? null, longitude: point?.lng ?? null, images },
    { publicUrl: options.publicUrl, agency: { name: options.agencyName }, rental: options.rental ?? null },
  );
}

/** RealEstateAgent for the home page, from the agency settings; its logo, the agency's own. */
export async function agencyStructuredData(
  db: Db,
  publicUrl: string,
  storage?: Pick<Storage, "url">,
): Promise<JsonLdObject> {
  const settings = await getAgencySettings(db);
  const logo = storage ? brandImageJpeg(settings.logo, storage) : null;
  return realEstateAgentJsonLd({ ...settings, logo: logo?.url }, publicUrl);
}
