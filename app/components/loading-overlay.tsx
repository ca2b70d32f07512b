// The product's loading overlay: a spinner on first load and after every route
// change, for 300 ms. First load is pure CSS (an animation hides it at 300 ms, so it goes away
// with JavaScript off too); client navigations set it again from a timer. It is translucent,
// fixed and never takes pointer events: no layout shift, no hidden content, no blocked clicks.
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import overlayCss from "../styles/loading-overlay.css?inline";
import { Stylesheet } from "./stylesheet";

export const LOADING_OVERLAY_MS = 300;

type Phase = "initial" | "active" | "done";

export function LoadingOverlay() {
  const location = useLocation();
  const path = location.pathname + location.search;
  const firstPath = useRef(path);
  const navigated = useRef(false);
  // Navigations counted: `shown` is the one on screen, `done` the last one whose 300 ms ran out.
  const [shown, setShown] = useState(0);
  const [done, setDone] = useState(0);
  const phase: Phase = shown === 0 ? "initial" : done === shown ? "done" : "active";

  useEffect(() => {
    if (!navigated.current && path === firstPath.current) return; // first load: the CSS handles it
    navigated.current = true;
    setShown((n) => n + 1);
  }, [path]);

  // The 300 ms start once the overlay is committed on screen, not when the route changed: on a
  // slow phone the re-render can take tens of milliseconds, which would otherwise eat the 300 ms.
  useEffect(() => {
    if (shown === 0) return;
    const timer = window.setTimeout(() => setDone(shown), LOADING_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);

  return (
    <div className="loading-overlay" data-phase={phase} data-testid="loading-overlay" aria-hidden="true">
      <Stylesheet name="loading-overlay" css={overlayCss} />
      <div className="loading-overlay__spinner" />
    </div>
  );
}
