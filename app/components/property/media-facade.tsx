// Video and virtual tour behind a click-to-load facade: neither player (YouTube, the tour host)
// loads until the visitor asks; only the video's thumbnail comes from i.ytimg.com, lazily. Each
// facade is a real link (works without JavaScript); with JavaScript it swaps itself for the
// embedded player, which takes the focus.
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { isFramableTour, VIDEO_FRAME_HOST } from "../../lib/listing";
import { PlayIcon } from "../feature-icons";
import { TourIcon } from "./listing-icons";

function Facade({
  label,
  href,
  embed,
  frameTitle,
  poster,
  icon,
}: {
  label: string;
  href: string;
  /** What to frame on click; without it (a tour host the CSP does not allow) the link opens a tab. */
  embed?: string;
  frameTitle: string;
  poster?: string;
  icon: ReactNode;
}) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  // The link that was clicked is gone: hand focus to the player that took its place, so a
  // keyboard or screen-reader user lands in it instead of at the top of the page.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  if (playing) {
    return (
      <div className="media-facade media-facade--playing">
        <iframe
          ref={frame}
          src={embed}
          title={frameTitle}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen; xr-spatial-tracking"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <a
      className="media-facade"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event: MouseEvent) => {
        if (!embed) return;
        event.preventDefault();
        setPlaying(true);
      }}
    >
      {poster ? <img src={poster} alt="" width={480} height={360} loading="lazy" decoding="async" /> : null}
      <span className="media-facade__button">
        {icon}
        {label}
      </span>
    </a>
  );
}

export function MediaSection({
  youtubeId,
  tourUrl,
  title,
}: {
  youtubeId: string | null;
  tourUrl: string | null;
  title: string;
}) {
  if (!youtubeId && !tourUrl) return null;
  return (
    <section className="listing-section" aria-labelledby="video-tour">
      <h2 id="video-tour">
        {youtubeId && tourUrl ? "Vídeo e tour virtual" : youtubeId ? "Vídeo" : "Tour virtual"}
      </h2>
      <div className="media-grid">
        {youtubeId ? (
          <Facade
            label="Assistir ao vídeo"
            href={`https://www.youtube.com/watch?v=${youtubeId}`}
            embed={`https://${VIDEO_FRAME_HOST}/embed/${youtubeId}?autoplay=1&rel=0`}
            frameTitle={`Vídeo: ${title}`}
            poster={`https://i.ytimg.com/vi/${youtubeId}/hqdefault.jpg`}
            icon={<PlayIcon />}
          />
        ) : null}
        {tourUrl ? (
          <Facade
            label="Abrir o tour virtual"
            href={tourUrl}
            embed={isFramableTour(tourUrl) ? tourUrl : undefined}
            frameTitle={`Tour virtual: ${title}`}
            icon={<TourIcon />}
          />
        ) : null}
      </div>
    </section>
  );
}
