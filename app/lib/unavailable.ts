// The site could not be reached for a moment (a restart, a proxy): the errors app/lib/retrying-fetch.ts
// gives up on. Pages then offer "Tentar novamente" (app/components/unavailable-notice.tsx); a
// form keeps what was typed and says so (keepFormWhenUnavailable, in a route's clientAction).
import { isRouteErrorResponse } from "react-router";

export const UNAVAILABLE_FORM_MESSAGE =
  "Não foi possível enviar agora: o site está fora do ar por um instante. O que você escreveu continua aqui; tente enviar de novo em alguns segundos.";

export function isUnavailable(error: unknown): boolean {
  if (isRouteErrorResponse(error))
    return error.status === 502 || error.status === 503 || error.status === 504;
  // No connection (fetch's TypeError), or no answer in time (retrying-fetch.ts).
  return error instanceof TypeError || (error instanceof Error && error.name === "RequestTimeoutError");
}

/**
 * For a form route's clientAction: the server action's answer, or `whenUnavailable()` when the
 * server could not be reached, so the form stays on screen with what was typed instead of the
 * page giving way to the error screen. The post is not sent again.
 */
export async function keepFormWhenUnavailable<T, U>(
  serverAction: () => Promise<T>,
  whenUnavailable: () => U,
): Promise<T | U> {
  try {
    return await serverAction();
  } catch (error) {
    if (isUnavailable(error)) return whenUnavailable();
    throw error;
  }
}
