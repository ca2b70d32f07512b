// Submitting a search form (the search page's sidebar, the home page's filter) to its canonical
// URL with JavaScript: no empty "key=" parameters, no redirect. Its own module, so the home page
// gets it without the whole sidebar form.
import { useNavigate } from "react-router";
import { searchHref } from "../../lib/search-params";
import type { Tipo } from "../../lib/vocabulary";

/**
 * The parser (and zod with it) comes only when a visitor starts using the form: a page that is
 * only read never downloads, compiles or runs it. Asked again, import() answers from its cache.
 */
const loadParser = () => import("../../lib/search-filters");
export const warmParser = () => {
  loadParser().catch(() => {}); // the submit tries again, and falls back to a plain GET
};

/** Submits the search form to its canonical URL; the caller says what gets focus afterwards. */
export function useCanonicalSubmit(path: string, allowedTipos?: readonly Tipo[]) {
  const navigate = useNavigate();
  return async (form: HTMLFormElement, focus: string, keepScroll = false) => {
    // Read now: the fields may change while the parser loads.
    const data = new FormData(form);
    let parser: Awaited<ReturnType<typeof loadParser>>;
    try {
      parser = await loadParser();
    } catch {
      form.submit(); // offline or a new deploy: the browser's own GET, which the server canonicalises
      return;
    }
    const filters = parser.parseSearchFilters(data, { allowedTipos });
    await navigate(searchHref(path, { ...filters, pagina: 1 }), {
      state: { focus },
      preventScrollReset: keepScroll,
      // The "loading" state reaches the screen before the request goes out, so the results
      // already shown are marked as outdated (SearchResults) before the address changes: the
      // router changes the address when the data arrives, and React paints the new results a
      // moment later.
      flushSync: true,
    });
  };
}
