// Small inline icons for listing characteristics: decorative (aria-hidden), always beside text.
import type { ReactNode } from "react";

/** The shared frame: a 24-unit stroke drawing, 18 px unless `size` says otherwise. */
export function Icon({
  children,
  className,
  size = 18,
}: {
  children: ReactNode;
  className?: string;
  size?: number;
}) {
  return (
    <svg
      className={className ?? "icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

// The drawings every card repeats (up to 24 cards a page, six icons each) are defined once per
// document in <IconSprite> (root.tsx) and drawn by <use>: a card icon costs ~100 bytes of HTML
// instead of ~300, and the server renders far fewer attributes.
const STROKE = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: "1.8",
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

const SPRITE = {
  bed: (
    <symbol key="bed" id="i-bed" viewBox="0 0 24 24" {...STROKE}>
      <path d="M3 18v-7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v7M3 14h18M3 18v2M21 18v2M7 9V6h4v3" />
    </symbol>
  ),
  suite: (
    <symbol key="suite" id="i-suite" viewBox="0 0 24 24" {...STROKE}>
      <path d="M4 12h16v2a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5v-2ZM6 12V6a2 2 0 0 1 3.5-1.3M8 19l-1 2M16 19l1 2" />
    </symbol>
  ),
  bath: (
    <symbol key="bath" id="i-bath" viewBox="0 0 24 24" {...STROKE}>
      <path d="M7 21v-8a5 5 0 0 1 10 0M12 8V3M9 16v1M12 16v2M15 16v1" />
    </symbol>
  ),
  car: (
    <symbol key="car" id="i-car" viewBox="0 0 24 24" {...STROKE}>
      <path d="M5 16h14v-4l-2-5H7l-2 5v4ZM5 16v3M19 16v3M5 12h14M8 14h.01M16 14h.01" />
    </symbol>
  ),
  area: (
    <symbol key="area" id="i-area" viewBox="0 0 24 24" {...STROKE}>
      <path d="M4 4h16v16H4zM4 9h3M4 14h3M9 4v3M14 4v3" />
    </symbol>
  ),
  pin: (
    <symbol key="pin" id="i-pin" viewBox="0 0 24 24" {...STROKE}>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </symbol>
  ),
  // No fill here: the <svg> around the <use> sets it (an outline, or filled when favourited).
  heart: (
    <symbol
      key="heart"
      id="i-heart"
      viewBox="0 0 24 24"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.8 4 7.4 4c2 0 3.5 1.1 4.6 2.7C13.1 5.1 14.6 4 16.6 4c3.6 0 5.8 3.6 4.6 7.1-1.7 4.8-9.2 9.4-9.2 9.4Z" />
    </symbol>
  ),
};

/** The shared drawings, once per document (root.tsx): hidden, out of the layout and the a11y tree. */
export function IconSprite() {
  return (
    <svg width="0" height="0" aria-hidden="true" focusable="false" style={{ position: "absolute" }}>
      {Object.values(SPRITE)}
    </svg>
  );
}

function SpriteIcon({
  name,
  className,
  size = 18,
  fill,
}: {
  name: keyof typeof SPRITE;
  className?: string;
  size?: number;
  fill?: string;
}) {
  return (
    <svg
      className={className ?? "icon"}
      width={size}
      height={size}
      fill={fill}
      aria-hidden="true"
      focusable="false"
    >
      <use href={`#i-${name}`} />
    </svg>
  );
}

export const BedIcon = (p: { className?: string }) => <SpriteIcon name="bed" {...p} />;
export const SuiteIcon = (p: { className?: string }) => <SpriteIcon name="suite" {...p} />;
export const BathIcon = (p: { className?: string }) => <SpriteIcon name="bath" {...p} />;
export const CarIcon = (p: { className?: string }) => <SpriteIcon name="car" {...p} />;
export const AreaIcon = (p: { className?: string }) => <SpriteIcon name="area" {...p} />;
export const PinIcon = (p: { className?: string }) => <SpriteIcon name="pin" {...p} />;
export const HeartIcon = ({ filled, className }: { filled?: boolean; className?: string }) => (
  <SpriteIcon name="heart" size={22} className={className} fill={filled ? "currentColor" : "none"} />
);

export const PlayIcon = (p: { className?: string }) => (
  <Icon {...p}>
    <rect x="2.5" y="5" width="19" height="14" rx="4" />
    <path d="m10 9 5 3-5 3V9Z" fill="currentColor" />
  </Icon>
);

export const WhatsAppIcon = ({ className }: { className?: string }) => (
  <svg
    className={className ?? "icon"}
    width="18"
    height="18"
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
  >
    <path
      fill="currentColor"
      d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.8-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z"
    />
  </svg>
);
