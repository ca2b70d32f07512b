// What an error boundary may tell the visitor: a 4xx thrown with a Portuguese message (for
// example app/server/http/read-form.server.ts) is shown as is; anything else stays generic.
import { isRouteErrorResponse } from "react-router";

export function clientErrorMessage(error: unknown): string | null {
  return isRouteErrorResponse(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 404 &&
    typeof error.data === "string"
    ? error.data
    : null;
}
