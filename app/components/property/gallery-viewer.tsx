// Full-screen photo viewer (loaded on demand by gallery.tsx): a modal <dialog>, ←/→ to move,
// Esc to close, Tab kept inside, swipe with any pointer.
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import type { PictureData } from "../../lib/photos";
import { ResponsivePicture } from "../responsive-picture";

const SWIPE_MIN = 40;

export default function GalleryViewer({
  photos,
  start,
  title,
  onClose,
}: {
  photos: PictureData[];
  start: number;
  title: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const [index, setIndex] = useState(start);
  const count = photos.length;
  const photo = photos[index];

  useEffect(() => {
    const element = dialog.current;
    // No close() on clean-up: removing the element ends the modal state, and a close() there
    // would fire "close" (and onClose) when React re-runs effects in development.
    if (element && !element.open) element.showModal();
  }, []);

  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    } else if (event.key === "Tab") {
      // The page behind is inert; keep Tab cycling through the viewer's own buttons.
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>("button") ?? [])];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    swipe.current = { x: event.clientX, y: event.clientY };
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const from = swipe.current;
    swipe.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > Math.abs(event.clientY - from.y)) go(dx < 0 ? 1 : -1);
  }

  return (
    <dialog
      ref={dialog}
      className="viewer"
      aria-label={`Fotos: ${title}`}
      onKeyDown={onKeyDown}
      onClose={onClose}
    >
      <div className="viewer__bar">
        <p className="viewer__count" aria-live="polite">
          Foto {index + 1} de {count}
        </p>
        {/* biome-ignore lint/a11y/noAutofocus: a modal dialog moves focus to its close button */}
        <button type="button" className="viewer__close" onClick={() => dialog.current?.close()} autoFocus>
          Fechar <span aria-hidden="true">×</span>
        </button>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: swiping repeats what the arrow keys and buttons do */}
      <div
        className="viewer__stage"
        onPointerDown={onPointerDown}
        // A dragged image would cancel the pointer and swallow the swipe.
        onDragStart={(event) => event.preventDefault()}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        {photo ? (
          <ResponsivePicture
            key={photo.base}
            picture={photo}
            sizes="100vw"
            priority
            className="viewer__img"
          />
        ) : null}
      </div>
      {photo?.alt ? <p className="viewer__caption">{photo.alt}</p> : null}
      {count > 1 ? (
        <>
          <button
            type="button"
            className="viewer__nav viewer__nav--prev"
            onClick={() => go(-1)}
            aria-label="Foto anterior"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="viewer__nav viewer__nav--next"
            onClick={() => go(1)}
            aria-label="Próxima foto"
          >
            <span aria-hidden="true">›</span>
          </button>
        </>
      ) : null}
    </dialog>
  );
}
