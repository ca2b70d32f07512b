// Saved-search alerts ("Receber novidades desta busca"): the words shared by the search page's
// form, the /alertas pages and the e-mails (app/server/alerts/).

export const ALERT_FREQUENCIES = {
  instantaneo: "Assim que surgir (instantâneo)",
  diario: "Uma vez por dia (diário)",
  semanal: "Uma vez por semana (semanal)",
} as const;
export type AlertFrequency = keyof typeof ALERT_FREQUENCIES;
export const ALERT_FREQUENCY_KEYS = Object.keys(ALERT_FREQUENCIES) as [AlertFrequency, ...AlertFrequency[]];

/** The screens whose searches can be saved (app/routes.ts). */
export const ALERT_SEARCH_PATHS = ["/todos-os-imoveis", "/casas"] as const;
export type AlertSearchPath = (typeof ALERT_SEARCH_PATHS)[number];

/** The links an alert's e-mails carry; `token` is the saved search's (app/server/alerts/subscriptions.server.ts). */
export const alertLinks = (base: string, token: string) => ({
  manage: `${base}/alertas/${token}`,
  confirm: `${base}/alertas/${token}/confirmar`,
  unsubscribe: `${base}/alertas/${token}/cancelar`,
});

/**
 * A link of an e-mail with several searches, to the page `page` of the address's alerts. It names
 * each search's token (the first in the path, the others in `todos`), so it still works after one
 * of them was cancelled on its own.
 */
function severalSearchesLink(base: string, tokens: readonly string[], page: "" | "/cancelar"): string {
  const [first = "", ...others] = tokens;
  return `${base}/alertas/${first}${page}?todos=${others.length ? others.join(",") : "1"}`;
}

/** Cancels every alert of the address an e-mail with several searches went to. */
export const unsubscribeAllLink = (base: string, tokens: readonly string[]) =>
  severalSearchesLink(base, tokens, "/cancelar");

/** The alerts page ("Seus alertas") of the address an e-mail with several searches went to. */
export const manageAllLink = (base: string, tokens: readonly string[]) =>
  severalSearchesLink(base, tokens, "");

/**
 * The tokens a link of an e-mail with several searches names (the path's, then `todos`'s), or null
 * for a link of one search.
 */
export function tokensOfLink(pathToken: string, search: URLSearchParams): string[] | null {
  const todos = search.get("todos");
  if (todos === null) return null;
  return [pathToken, ...todos.split(",").filter((token) => ALERT_TOKEN_PATTERN.test(token))];
}

/** A saved search's token: 32 random bytes in base64url (app/server/alerts/subscriptions.server.ts). */
export const ALERT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const ALERT_CONSENT_TEXT =
  "Autorizo a Imóveis em Alagoas a enviar a este e-mail os imóveis desta busca, conforme a Política de " +
  "Privacidade. Posso cancelar a qualquer momento pelo link de cada mensagem.";

export type AlertFieldName = "email" | "frequencia" | "consent" | "busca";
export type AlertFieldErrors = Partial<Record<AlertFieldName, string>>;
export interface AlertFormValues {
  email: string;
  frequencia: string;
  busca: string;
}
