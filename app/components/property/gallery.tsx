// The listing's photos: a swipeable strip on phones, a mosaic from 768 px. The cover is the LCP
// image (eager, high priority); the rest load lazily. Every photo is a link to its large JPEG
// (works without JavaScript); with JavaScript it opens the full-screen viewer, whose code is
// fetched only then.

import { lazy, type MouseEvent, Suspense, useRef, useState } from "react";
import { formatCount } from "../../lib/format";
import { type PictureData, pictureUrls } from "../../lib/photos";
import { ResponsivePicture } from "../responsive-picture";
import { ExpandIcon } from "./listing-icons";

const GalleryViewer = lazy(() => import("./gallery-viewer"));

/** The page's content width from 1200 px (--max-width less the padding, site.css). */
const CONTENT_WIDTH = 1168;
/** A phone's strip: one photo at a time, the full width, 4:3 (.gallery__item in property.css). */
const STRIP_ASPECT = 4 / 3;

/**
 * A photo's cell in the mosaic (from 768 px, property.css): its share of the row and its
 * aspect ratio. The track is 3:1 in 4 columns × 2 rows: a 2 × 2 or a 1 × 1 cell is 3:2, a cell
 * spanning the whole row or two columns of one row is 3:1.
 */
function mosaicCell(count: number, index: number): { share: number; aspect: number } {
  if (count === 1) return { share: 1, aspect: 3 };
  if (index === 0 || count === 2) return { share: 0.5, aspect: 3 / 2 };
  if (count === 3 || (count === 4 && index === 3)) return { share: 0.5, aspect: 3 };
  return { share: 0.25, aspect: 3 / 2 };
}

/**
 * `sizes` for a gallery photo: the width it is drawn at, not the width of its cell. The image
 * covers its cell (object-fit: cover), so a photo wider than its cell is drawn wider than the
 * cell, by the ratio of the two shapes; the browser then picks a variant at least that wide
 * times the screen's pixel ratio.
 */
export function gallerySizes(photo: PictureData, count: number, index: number): string {
  const ratio = photo.width / photo.height;
  const grow = (aspect: number) => Math.max(1, ratio / aspect);
  const cell = mosaicCell(count, index);
  const desktop = Math.ceil(CONTENT_WIDTH * cell.share * grow(cell.aspect));
  const tablet = Math.ceil(100 * cell.share * grow(cell.aspect));
  const phone = Math.ceil(100 * grow(STRIP_ASPECT));
  return `(min-width: 1200px) ${desktop}px, (min-width: 768px) ${tablet}vw, ${phone}vw`;
}

export function Gallery({ photos, title }: { photos: PictureData[]; title: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  if (photos.length === 0) {
    return (
      <div className="gallery gallery--empty">
        <p>Este imóvel ainda não tem fotos.</p>
      </div>
    );
  }

  function show(event: MouseEvent<HTMLAnchorElement | HTMLButtonElement>, index: number) {
    event.preventDefault();
    opener.current = event.currentTarget;
    setOpen(index);
  }

  function close() {
    setOpen(null);
    // Back to the photo (or button) that opened the viewer.
    requestAnimationFrame(() => opener.current?.focus());
  }

  return (
    <section className="gallery" aria-label="Fotos do imóvel">
      <ul className={`gallery__track gallery__track--${Math.min(photos.length, 5)}`}>
        {photos.map((photo, index) => (
          <li key={photo.base} className="gallery__item">
            <a
              href={pictureUrls(photo).src}
              className="gallery__link"
              onClick={(event) => show(event, index)}
              aria-label={`Ampliar foto ${index + 1} de ${photos.length}${photo.alt ? `: ${photo.alt}` : ""}`}
            >
              <ResponsivePicture
                picture={photo}
                sizes={gallerySizes(photo, photos.length, index)}
                priority={index === 0}
                className="gallery__img"
              />
            </a>
          </li>
        ))}
      </ul>
      <button type="button" className="gallery__all" onClick={(event) => show(event, 0)}>
        <ExpandIcon />
        Ver {photos.length === 1 ? "a foto" : `as ${formatCount(photos.length, "foto", "fotos")}`}
      </button>
      {open !== null ? (
        <Suspense fallback={null}>
          <GalleryViewer photos={photos} start={open} title={title} onClose={close} />
        </Suspense>
      ) : null}
    </section>
  );
}
