import type { ReactNode } from "react";

/** A link that opens in a new tab, safely (noopener) and saying so to screen readers. */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> (abre em nova aba)</span>
    </a>
  );
}
