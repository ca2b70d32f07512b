// The app's links. In the browser they are React Router's own <Link> and <NavLink> (client
// navigation, intent prefetch). On the server they write the same <a> without running the
// framework's per-link hooks (path resolution, click, prefetch and ref handlers that a server
// render never uses), which were ~6 % of a listing page's server CPU (decision 010). Only plain
// absolute paths take the short way, so the markup is React Router's byte for byte (the tests
// compare them) and hydration sees no difference; anything else goes to React Router's <Link>.
import { createElement, type Ref } from "react";
import {
  type LinkProps,
  type NavLinkProps,
  Link as RouterLink,
  NavLink as RouterNavLink,
  useLocation,
} from "react-router";

/**
 * "/", "/casas/AL0001", "/todos-os-imoveis?cidade=Maceió#resultados": no "." or ".." segment and
 * no empty one, which React Router would rewrite; a lone "?" or "#" it would drop.
 */
const PLAIN_PATH = /^\/(?:[^/?#.][^/?#]*(?:\/[^/?#.][^/?#]*)*\/?)?(?:\?[^#]+)?(?:#.+)?$/;

const ASCII_PATH = /^[\w/-]*$/;

export function isPlainPath(to: unknown): to is string {
  return typeof to === "string" && PLAIN_PATH.test(to);
}

/** What React Router's <Link> reads itself and never writes on the <a>. */
const LINK_ONLY = new Set([
  "onClick",
  "discover",
  "prefetch",
  "relative",
  "reloadDocument",
  "replace",
  "mask",
  "state",
  "target",
  "to",
  "preventScrollReset",
  "viewTransition",
  "defaultShouldRevalidate",
]);

/** What <NavLink> turns into <Link> props (aria-current, className, style, children). */
const NAV_LINK_ONLY = new Set([
  "aria-current",
  "caseSensitive",
  "className",
  "end",
  "style",
  "to",
  "viewTransition",
  "children",
]);

/** `props` without `omit`, in their order. A loop: object rest with a dozen names was ~2 % of a page. */
function without<T extends object>(props: T, omit: Set<string>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key in props) if (!omit.has(key)) kept[key] = props[key];
  return kept;
}

type WithRef<P> = P & { ref?: Ref<HTMLAnchorElement> };

export function ServerLink(props: WithRef<LinkProps>) {
  const { to, target, discover = "render" } = props;
  if (!isPlainPath(to)) return <RouterLink {...props} />;
  // The attributes in React Router's order: the rest, then href, target and data-discover.
  const anchor = without(props, LINK_ONLY);
  anchor.href = to;
  anchor.target = target;
  anchor["data-discover"] = discover === "render" ? "true" : undefined;
  return createElement("a", anchor);
}

export function ServerNavLink(props: WithRef<NavLinkProps>) {
  const {
    "aria-current": ariaCurrentProp = "page",
    caseSensitive = false,
    className: classNameProp = "",
    end = false,
    style: styleProp,
    to,
    viewTransition,
    children,
  } = props;
  const location = useLocation();
  let toPathname = typeof to === "string" ? to.replace(/[?#].*$/, "") : "";
  // Paths React Router would percent-encode before comparing take its own way.
  if (!isPlainPath(to) || !ASCII_PATH.test(toPathname) || viewTransition) {
    return <RouterNavLink {...props} />;
  }
  // React Router's rule: the path, or (without `end`) a parent of it; no navigation is pending
  // in a server render.
  let pathname = location.pathname;
  if (!caseSensitive) {
    toPathname = toPathname.toLowerCase();
    pathname = pathname.toLowerCase();
  }
  const slash = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive =
    pathname === toPathname || (!end && pathname.startsWith(toPathname) && pathname.charAt(slash) === "/");
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  const link = without(props, NAV_LINK_ONLY) as unknown as WithRef<LinkProps>;
  link["aria-current"] = isActive ? ariaCurrentProp : undefined;
  link.className =
    typeof classNameProp === "function"
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? "active" : null].filter(Boolean).join(" ");
  link.style = typeof styleProp === "function" ? styleProp(renderProps) : styleProp;
  link.to = to;
  link.children = typeof children === "function" ? children(renderProps) : children;
  return ServerLink(link);
}

export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
export const NavLink = import.meta.env.SSR ? ServerNavLink : RouterNavLink;
