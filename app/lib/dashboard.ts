// What the dashboard calls "needs attention", shared by the server query and the screen.
export const MIN_PHOTOS = 5;
export const STALE_AFTER_DAYS = 90;
export const CHART_DAYS = 30;

export const ATTENTION_REASONS = {
  "sem-fotos": "Sem fotos",
  "poucas-fotos": `Menos de ${MIN_PHOTOS} fotos`,
  "sem-preco": "Sem preço",
  desatualizado: `Sem atualização há ${STALE_AFTER_DAYS} dias`,
} as const;
export type AttentionReason = keyof typeof ATTENTION_REASONS;

/** A day's count, "YYYY-MM-DD" in Alagoas time: a point of the daily charts (DailyChart). */
export interface DayCount {
  day: string;
  value: number;
}
