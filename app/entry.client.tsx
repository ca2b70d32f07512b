import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { retryingFetch } from "./lib/retrying-fetch";

// Requests to this site are tried again through a restart, and abandoned when they hang
// (app/lib/retrying-fetch.ts).
window.fetch = retryingFetch(window.fetch.bind(window));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
