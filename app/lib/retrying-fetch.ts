// The browser's fetch, for the requests this site makes to itself: a GET (React Router's data
// requests on a client navigation, the favourites' cards, the session check) that meets a
// restart or a proxy hiccup (502, 503, 504, or no connection at all) is tried again after 1, 2
// and 5 s before the error reaches the page, which then offers "Tentar novamente"
// (app/components/unavailable-notice.tsx); a GET that gets no answer within 10 s is abandoned
// (RequestTimeoutError). Anything else (a form's POST above all) is sent once, as it came: it
// may already have been carried out, so only the visitor decides to send it again, and the form
// keeps what they typed (app/lib/unavailable.ts).
//
// Installed over window.fetch by app/entry.client.tsx: React Router 7 issues its data requests
// with the global fetch and offers no option to pass another one (HydratedRouter has none in
// this version; its middleware needs future.v8_middleware, which changes the server's load
// context).
import { noteFailedRequest } from "./request-id";

export const RETRY_DELAYS_MS = [1000, 2000, 5000] as const;
export const REQUEST_TIMEOUT_MS = 10_000;
const RETRYABLE = new Set([502, 503, 504]);

/** A GET abandoned after REQUEST_TIMEOUT_MS without an answer. */
export class RequestTimeoutError extends Error {
  override name = "RequestTimeoutError";
  constructor() {
    super("O servidor não respondeu a tempo.");
  }
}

function methodOf(input: RequestInfo | URL, init?: RequestInit): string {
  return (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
}

function urlOf(input: RequestInfo | URL): URL {
  return new URL(input instanceof Request ? input.url : String(input), window.location.href);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", abort, { once: true });
  });
}

/** One try, abandoned after REQUEST_TIMEOUT_MS; the caller's own abort is passed on as is. */
async function attempt(base: typeof fetch, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
  const controller = new AbortController();
  const abort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) abort();
  callerSignal?.addEventListener("abort", abort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  try {
    return await base(input, { ...init, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", abort);
  }
}

const isNetworkError = (error: unknown) => error instanceof TypeError;

export function retryingFetch(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = urlOf(input);
    if (url.origin !== window.location.origin) return base(input, init);
    const method = methodOf(input, init);
    if (method !== "GET" && method !== "HEAD") {
      const response = await base(input, init);
      if (response.status >= 500) noteFailedRequest(response.headers.get("x-request-id"));
      return response;
    }
    const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    for (let tried = 0; ; tried++) {
      const delay = RETRY_DELAYS_MS[tried];
      let response: Response;
      try {
        response = await attempt(base, input, init);
      } catch (error) {
        if (!isNetworkError(error) || delay === undefined || callerSignal?.aborted) throw error;
        await wait(delay, callerSignal);
        continue;
      }
      if (!RETRYABLE.has(response.status) || delay === undefined) {
        if (response.status >= 500) noteFailedRequest(response.headers.get("x-request-id"));
        return response;
      }
      await response.body?.cancel();
      await wait(delay, callerSignal);
    }
  };
}
