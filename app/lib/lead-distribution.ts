// The lead distribution's rules (the roleta) as the admin edits them on /admin/leads/distribuicao:
// field names, defaults and the form's parsing, shared by the screen and its action.
import { z } from "zod";
import { type BusinessHours, clockToMinutes, DEFAULT_BUSINESS_HOURS, WEEKDAYS } from "./business-hours";
import { FINALIDADE_KEYS, type Finalidade } from "./vocabulary";

export const DEFAULT_RESPONSE_LIMIT_MINUTES = 120;
export const MAX_RESPONSE_LIMIT_MINUTES = 7 * 24 * 60;
const MAX_CITIES = 30;

export interface DistributionRules {
  /** Off: a lead goes to its listing's corretor, as before the roleta. */
  enabled: boolean;
  byFinalidade: boolean;
  byCity: boolean;
  captadorFirst: boolean;
  responseLimitMinutes: number;
  businessHours: BusinessHours;
}

export const DEFAULT_DISTRIBUTION_RULES: DistributionRules = {
  enabled: false,
  byFinalidade: false,
  byCity: false,
  captadorFirst: true,
  responseLimitMinutes: DEFAULT_RESPONSE_LIMIT_MINUTES,
  businessHours: DEFAULT_BUSINESS_HOURS,
};

/** One corretor's part: empty finalidades / cities = covers all. */
export interface DistributionMember {
  userId: number;
  takesPart: boolean;
  finalidades: Finalidade[];
  cities: string[];
}

/** The form's field names. */
export const dayField = (day: number, part: "aberto" | "inicio" | "fim") => `dia-${day}-${part}`;
export const memberField = (userId: number, part: "participa" | "finalidades" | "cidades") =>
  `corretor-${userId}-${part}`;

export type DistributionErrors = Record<string, string>;

const limitSchema = z.coerce
  .number({ error: "Informe o prazo em minutos." })
  .int("Use um número inteiro de minutos.")
  .min(1, "O prazo é de pelo menos 1 minuto.")
  .max(MAX_RESPONSE_LIMIT_MINUTES, `O prazo é de no máximo ${MAX_RESPONSE_LIMIT_MINUTES} minutos (7 dias).`);

const finalidadesSchema = z.array(z.enum(FINALIDADE_KEYS));

/** "Maceió, Marechal Deodoro" → the cities, trimmed, without repeats. */
export function parseCities(text: string): string[] {
  const seen = new Set<string>();
  const cities: string[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const city = part.trim().replace(/\s+/g, " ").slice(0, 80);
    if (city && !seen.has(city.toLowerCase())) {
      seen.add(city.toLowerCase());
      cities.push(city);
    }
  }
  return cities;
}

type Reader = { get(name: string): unknown; getAll(name: string): unknown[] };

export type ParsedDistribution =
  | { ok: true; rules: DistributionRules; members: DistributionMember[] }
  | { ok: false; errors: DistributionErrors };

/** Reads the rules form; `agentIds` are the corretores listed on it (the server's list, not the form's). */
export function parseDistributionForm(form: Reader, agentIds: number[]): ParsedDistribution {
  const errors: DistributionErrors = {};
  const checked = (name: string) => form.get(name) !== null && form.get(name) !== undefined;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const limit = limitSchema.safeParse(text("responseLimitMinutes").trim() || undefined);
  if (!limit.success) errors.responseLimitMinutes = limit.error.issues[0]?.message ?? "Prazo inválido.";
  const businessHours: BusinessHours = WEEKDAYS.map((name, day) => {
    if (!checked(dayField(day, "aberto"))) return null;
    const start = clockToMinutes(text(dayField(day, "inicio")));
    const end = clockToMinutes(text(dayField(day, "fim")));
    if (start === null)
      errors[dayField(day, "inicio")] = `Informe a hora de abertura de ${name.toLowerCase()}.`;
    else if (end === null)
      errors[dayField(day, "fim")] = `Informe a hora de fechamento de ${name.toLowerCase()}.`;
    else if (end <= start) errors[dayField(day, "fim")] = "O fechamento deve ser depois da abertura.";
    return start !== null && end !== null && end > start ? [start, end] : null;
  });
  const members = agentIds.map((userId): DistributionMember => {
    const finalidades = finalidadesSchema.safeParse(form.getAll(memberField(userId, "finalidades")));
    if (!finalidades.success) errors[memberField(userId, "finalidades")] = "Escolha finalidades válidas.";
    const cities = parseCities(text(memberField(userId, "cidades")));
    if (cities.length > MAX_CITIES)
      errors[memberField(userId, "cidades")] = `Informe no máximo ${MAX_CITIES} cidades.`;
    return {
      userId,
      takesPart: checked(memberField(userId, "participa")),
      finalidades: finalidades.success ? [...new Set(finalidades.data)] : [],
      cities,
    };
  });
  if (!limit.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    rules: {
      enabled: checked("enabled"),
      byFinalidade: checked("byFinalidade"),
      byCity: checked("byCity"),
      captadorFirst: checked("captadorFirst"),
      responseLimitMinutes: limit.data,
      businessHours,
    },
    members,
  };
}

/** "2 h", "1 h 30 min", "45 min". */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  if (whole < 60) return `${whole} min`;
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  if (h >= 48 && m === 0 && h % 24 === 0) return `${h / 24} dias`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** How long a person has waited: "menos de 1 min", "35 min", "2 h 10 min", "3 dias". */
export function formatWait(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  if (whole < 1) return "menos de 1 min";
  if (whole < 24 * 60) return formatMinutes(whole);
  const days = Math.floor(whole / (24 * 60));
  return days === 1 ? "1 dia" : `${days} dias`;
}
