import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { restoreInlinedStylesheets } from "./lib/inlined-styles";

// The server inlined the page's stylesheets; hydration expects their <link>s (app/lib/inlined-styles.ts).
restoreInlinedStylesheets();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
