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
  /** Every alert of the token's address (an e-mail that carried several searches). */
  unsubscribeAll: `${base}/alertas/${token}/cancelar?todos=1`,
});

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
