// A component's stylesheet, written by React into the page's <head> (React 19's <style> with
// `href` and `precedence`: hoisted, and written once however many components render it). The
// CSS comes in as text (`import css from "…css?inline"`), so a server-rendered page carries the
// rules it needs in its first response — no stylesheet request stands before the first paint —
// and a client navigation brings a screen's rules with its code (decision 012).
export function Stylesheet({ name, css }: { name: string; css: string }) {
  return (
    <style href={name} precedence="default">
      {css}
    </style>
  );
}
