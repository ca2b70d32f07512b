// Shapes of photos as the browser receives them: only public URLs, never storage internals.

export interface PictureSource {
  /** "image/avif" | "image/webp" */
  type: string;
  srcSet: string;
}

export interface PictureData {
  alt: string;
  width: number;
  height: number;
  placeholderColor: string;
  /** The largest JPEG ≤ 1280 px, the <img> fallback. */
  src: string;
  /** JPEG srcset for browsers without AVIF/WebP. */
  srcSet: string;
  sources: PictureSource[];
}
