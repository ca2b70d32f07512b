// The id of a request that failed, on the error page, so an agency can quote it: the server's
// log line for that request and the error's stack carry the same id (X-Request-Id;
// app/server/log/request-log.server.ts). On the server it comes from the request
// (entry.server.tsx); in the browser, from the page the server sent (read once, before
// hydration, so both render the same) or, after a client navigation, from the failed data
// request's X-Request-Id (noteFailedRequest, called by app/lib/retrying-fetch.ts).
import { createContext, useContext } from "react";
import { useLocation } from "react-router";

const RequestIdContext = createContext<string | undefined>(undefined);
export const RequestIdProvider = RequestIdContext.Provider;

const ATTRIBUTE = "data-request-id";

/** The id the server wrote on the first page, when it was an error page. */
const firstPageId =
  typeof document === "undefined"
    ? undefined
    : (document.querySelector(`[${ATTRIBUTE}]`)?.textContent ?? undefined);

let failedRequestId: string | undefined;

/** Remembers the id of a data request the server answered with an error (5xx). */
export function noteFailedRequest(id: string | null): void {
  if (id) failedRequestId = id;
}

/** "Código do erro: …" for an error page (nothing when no id is known). */
export function ErrorReference() {
  const fromServer = useContext(RequestIdContext);
  const location = useLocation();
  // React Router's first location has the key "default": only it is the server's page.
  const id = fromServer ?? (location.key === "default" ? firstPageId : failedRequestId);
  if (!id) return null;
  return (
    <p className="error-reference">
      Se precisar falar com a imobiliária sobre este erro, informe o código{" "}
      <code data-request-id="">{id}</code>.
    </p>
  );
}
