// Icons for the listing page's characteristics not covered by feature-icons.tsx: decorative
// (aria-hidden), drawn in the same 24-unit stroke style.
import type { ReactNode } from "react";
import { Icon as Frame } from "../feature-icons";

// The listing page draws its characteristics a little larger than the cards do.
const Icon = ({ children }: { children: ReactNode }) => <Frame size={22}>{children}</Frame>;

export const LotIcon = () => (
  <Icon>
    <path d="M3 20 8 4h8l5 16H3ZM6.5 12h11M12 4v16" />
  </Icon>
);

export const FloorIcon = () => (
  <Icon>
    <path d="M5 21V3h14v18M9 7h2M13 7h2M9 11h2M13 11h2M9 15h2M13 15h2M10 21v-3h4v3" />
  </Icon>
);

export const CalendarIcon = () => (
  <Icon>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </Icon>
);

export const SofaIcon = () => (
  <Icon>
    <path d="M5 11V8a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v3M3 13a2 2 0 0 1 4 0v2h10v-2a2 2 0 0 1 4 0v5H3v-5ZM6 18v2M18 18v2" />
  </Icon>
);

export const PawIcon = () => (
  <Icon>
    <circle cx="7" cy="9" r="1.8" />
    <circle cx="11" cy="5.5" r="1.8" />
    <circle cx="15.5" cy="6.5" r="1.8" />
    <circle cx="18" cy="11" r="1.8" />
    <path d="M8 17.5c0-3 2-5.5 4.5-5.5s4 2 4 4.5-1.5 3.5-3 3.5c-1 0-1.5-.5-2.5-.5s-1.5.5-2 .5c-.6 0-1-1-1-2.5Z" />
  </Icon>
);

export const ShareIcon = () => (
  <Icon>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="m8.2 10.8 7.6-4.5M8.2 13.2l7.6 4.5" />
  </Icon>
);

export const LinkIcon = () => (
  <Icon>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </Icon>
);

export const PrintIcon = () => (
  <Icon>
    <path d="M7 9V3h10v6M7 17H5a2 2 0 0 1-2-2v-4a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2h-2M7 14h10v7H7z" />
  </Icon>
);

export const ExpandIcon = () => (
  <Icon>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Icon>
);

export const TourIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Icon>
);

export const PhoneIcon = () => (
  <Icon>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />
  </Icon>
);
