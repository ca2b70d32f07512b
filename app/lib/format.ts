// pt-BR formatters. Numbers are grouped by hand: they run in the browser while a public page
// hydrates (the filter's price options, the cards' areas), and creating the first
// Intl.NumberFormat there cost ~40 ms on a desktop core in a Lighthouse trace, several times
// that on a cheap phone. Dates are read on Maceió's clock (maceio-time.ts), without Intl either.
import { formatDay, maceioClock } from "./maceio-time";

/** 1.250.000: rounded half away from zero, digits grouped by "." (as Intl's pt-BR prints it). */
export function formatInteger(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(Math.abs(value));
  const digits = rounded < 1000 ? String(rounded) : String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return value < 0 && rounded !== 0 ? `-${digits}` : digits;
}

/** R$ 1.250.000 (a plain space, where Intl prints a non-breaking one, for stable text). */
export function formatPrice(value: number): string {
  const amount = formatInteger(value);
  return amount.startsWith("-") ? `-R$ ${amount.slice(1)}` : `R$ ${amount}`;
}

/**
 * R$ 4.386,86: reais with centavos (rounded half away from zero), for the financing simulator's
 * instalments, where whole reais would hide what a bank's table shows.
 */
export function formatMoney(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const cents = Math.round(Math.abs(value) * 100);
  const reais = formatInteger(Math.floor(cents / 100));
  const amount = `${reais},${String(cents % 100).padStart(2, "0")}`;
  return value < 0 && cents !== 0 ? `-R$ ${amount}` : `R$ ${amount}`;
}

/** 11,5 / 0,91: a decimal with a comma, at most `digits` decimals, trailing zeros dropped. */
export function formatDecimal(value: number, digits: number): string {
  const fixed = (Math.round(value * 10 ** digits) / 10 ** digits).toFixed(digits);
  const [whole = "0", fraction = ""] = fixed.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  const grouped = formatInteger(Number(whole));
  const sign = whole.startsWith("-") && grouped === "0" ? "-" : "";
  return trimmed ? `${sign}${grouped},${trimmed}` : `${sign}${grouped}`;
}

export function formatArea(m2: number): string {
  return `${formatInteger(m2)} m²`;
}

/** "28/11/2026": the Maceió day of an instant. */
export function formatDate(value: Date | string): string {
  return formatDay(maceioClock(typeof value === "string" ? new Date(value) : value).day);
}

let pluralRules: Intl.PluralRules | undefined;
/** Intl's answer for each small whole count, asked once: a page of cards asks ~120 times. */
const smallCounts: Intl.LDMLPluralRule[] = [];

/**
 * The word for a count, as pt-BR's plural rules choose it: plural(2, "imóvel", "imóveis") →
 * "imóveis". The rules (CLDR, through Intl.PluralRules) put 0 and 1 in the singular, as Brazilian
 * software does ("0 imóvel"); screens that can show zero say "nenhum" instead. CLDR's "many"
 * (a million and up, "1 milhão de imóveis") reads as the plural here.
 */
export function plural(count: number, one: string, other: string): string {
  pluralRules ??= new Intl.PluralRules("pt-BR");
  const small = Number.isInteger(count) && count >= 0 && count < 1000;
  const category = (small && smallCounts[count]) || pluralRules.select(count);
  if (small) smallCounts[count] = category;
  return category === "one" ? one : other;
}

/**
 * "1 imóvel", "1.250 imóveis": the grouped number and the word that agrees with it; `none`
 * ("nenhum imóvel") replaces the whole text for a count of 0 where the screen can show one.
 */
export function formatCount(count: number, one: string, other: string, none?: string): string {
  if (count === 0 && none !== undefined) return none;
  return `${formatInteger(count)} ${plural(count, one, other)}`;
}

/** (82) 99999-9999 from any string of digits (with or without the 55 country code). */
export function formatPhone(raw: string): string {
  let digits = raw.replace(/\D/g, "");
  if (digits.length > 11 && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return raw;
}

/** The months in pt-BR, January first: "março de 2026" built by hand like the numbers above. */
export const MONTH_NAMES = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
] as const;
