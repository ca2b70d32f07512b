// The browser half of the inlined stylesheets (app/server/assets/first-paint.server.ts): the
// server sends each page's CSS in <style> elements instead of <link>s, so no stylesheet request
// stands before the first paint. React Router's <Links> still renders those <link>s and
// hydration must find them, so they are put back, disabled (the rules are already here: nothing
// is fetched, nothing restyled). When a navigation removes a <link>, its <style> goes with it.

/** Marks an inlined stylesheet; the value is the <link>'s href exactly as it was written. */
export const INLINED_STYLE_ATTRIBUTE = "data-inlined-href";

/** Before hydration: a disabled <link rel="stylesheet"> right before each inlined <style>. */
export function restoreInlinedStylesheets(doc: Document = document): void {
  const styleOf = new Map<Node, HTMLStyleElement>();
  for (const style of doc.querySelectorAll<HTMLStyleElement>(`style[${INLINED_STYLE_ATTRIBUTE}]`)) {
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.setAttribute("href", style.getAttribute(INLINED_STYLE_ATTRIBUTE) ?? "");
    link.setAttribute("disabled", "");
    style.before(link);
    styleOf.set(link, style);
  }
  if (styleOf.size === 0) return;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.removedNodes) {
        styleOf.get(node)?.remove();
        styleOf.delete(node);
      }
    }
    if (styleOf.size === 0) observer.disconnect();
  });
  observer.observe(doc.head, { childList: true });
}
