// The app's links. In the browser they are React Router's own <Link> and <NavLink> (client
// navigation, intent prefetch). On the server they write the same <a> without running the
// framework's per-link hooks (path resolution, click, prefetch and ref handlers that a server
// render never uses), which were ~6 % of a listing page's server CPU (decision 010). Only plain
// absolute paths take the short way, so the markup is React Router's byte for byte (the tests
// compare them) and hydration sees no difference; anything else goes to React Router's <Link>.
import { forwardRef } from "react";
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

export const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const {
    onClick,
    discover = "render",
    prefetch,
    relative,
    reloadDocument,
    replace,
    mask,
    state,
    target,
    to,
    preventScrollReset,
    viewTransition,
    defaultShouldRevalidate,
    ...rest
  } = props;
  if (!isPlainPath(to)) return <RouterLink ref={ref} {...props} />;
  // The attributes in React Router's order: the rest, then href, target and data-discover.
  return (
    <a
      {...rest}
      href={to}
      ref={ref}
      target={target}
      data-discover={discover === "render" ? "true" : undefined}
    />
  );
});

export const ServerNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function ServerNavLink(props, ref) {
  const {
    "aria-current": ariaCurrentProp = "page",
    caseSensitive = false,
    className: classNameProp = "",
    end = false,
    style: styleProp,
    to,
    viewTransition,
    children,
    ...rest
  } = props;
  const location = useLocation();
  let toPathname = typeof to === "string" ? to.replace(/[?#].*$/, "") : "";
  // Paths React Router would percent-encode before comparing take its own way.
  if (!isPlainPath(to) || !ASCII_PATH.test(toPathname) || viewTransition) {
    return <RouterNavLink ref={ref} {...props} />;
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
  const className =
    typeof classNameProp === "function"
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? "active" : null].filter(Boolean).join(" ");
  const style = typeof styleProp === "function" ? styleProp(renderProps) : styleProp;
  return (
    <ServerLink
      {...rest}
      aria-current={isActive ? ariaCurrentProp : undefined}
      className={className}
      ref={ref}
      style={style}
      to={to}
    >
      {typeof children === "function" ? children(renderProps) : children}
    </ServerLink>
  );
});

export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
export const NavLink = import.meta.env.SSR ? ServerNavLink : RouterNavLink;
