// A wide table's own scroll area: on a phone the table scrolls sideways inside it (the page never
// does), and the area is a labelled group that takes focus, so arrow keys scroll it too. A group,
// not a region: the table usually sits in a section already named by the same heading, and two
// landmarks with one name confuse a screen reader's landmark list.
import type { ReactNode } from "react";

export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable areas must be reachable by keyboard
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls, not a table
    <div className="table-scroll" role="group" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
