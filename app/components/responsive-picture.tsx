import { preload } from "react-dom";
import { type PictureData, pictureUrls } from "../lib/photos";

interface Props {
  picture: PictureData;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** The LCP image: eager with high fetch priority. Everything else is lazy. */
  priority?: boolean;
  className?: string;
}

/** AVIF/WebP/JPEG <picture> with reserved space (width/height + placeholder colour): no layout shift. */
export function ResponsivePicture({ picture, sizes, priority = false, className }: Props) {
  const { src, srcSet, sources } = pictureUrls(picture);
  // The LCP image: a <link rel="preload"> in the head lets the browser fetch it before layout.
  if (priority) {
    const best = sources[0];
    preload(src, {
      as: "image",
      fetchPriority: "high",
      imageSrcSet: best?.srcSet ?? srcSet,
      imageSizes: sizes,
      type: best?.type,
    });
  }
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        className={className}
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        style={{ backgroundColor: picture.placeholderColor }}
      />
    </picture>
  );
}
