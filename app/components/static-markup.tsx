// Parts of every page that stay the same until their inputs change (the footer until the agency's
// details change, the icon sprite forever) are rendered once per process on the server and then
// written as ready markup, instead of React rendering their ~70 elements on every request
// (decision 010). The browser renders them as usual and hydrates them against the same HTML: the
// ready markup is what React writes for those children in place, text separators included.
//
// Only for plain markup: children that read a context (React Router's hooks, for one) would read
// its default value in the separate render, and elements React moves to the head (<link>,
// <meta>, <title>, preloaded images) or that need ids from useId would come out differently.
// app/components/static-markup.test.tsx compares both ways for the site's own uses.
import { cloneElement, type ReactElement, type ReactNode } from "react";

type Renderer = (children: ReactNode) => string;

let render: Renderer | undefined;
const ready = new Map<string, string>();
/** Keys are a handful of inputs (the agency's details, the year); a bound keeps a bug from growing it. */
const MAX_ENTRIES = 32;

/** Set by the server entry (React's renderToString); the browser never sets one. */
export function setStaticMarkupRenderer(renderer: Renderer | undefined) {
  render = renderer;
  ready.clear();
}

/**
 * `children` is one element; on the server its content comes from the ready markup for `cacheKey`
 * (the key must change whenever that content would).
 */
export function StaticMarkup({
  cacheKey,
  children,
}: {
  cacheKey: string;
  children: ReactElement<{ children?: ReactNode }>;
}) {
  if (!render) return children;
  let html = ready.get(cacheKey);
  if (html === undefined) {
    html = render(children.props.children);
    if (ready.size >= MAX_ENTRIES) ready.clear();
    ready.set(cacheKey, html);
  }
  return cloneElement(children, { children: undefined, dangerouslySetInnerHTML: { __html: html } } as never);
}
