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

const COVER_SIZES = "(min-width: 1200px) 584px, (min-width: 768px) 50vw, 100vw";
const THUMB_SIZES = "(min-width: 1200px) 292px, (min-width: 768px) 25vw, 100vw";

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
                sizes={index === 0 ? COVER_SIZES : THUMB_SIZES}
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
