// pt-BR formatters, created once and on first use: Intl constructors are expensive, on a hot
// path and at page start (most pages format on the server only).
let currency: Intl.NumberFormat | undefined;
let integer: Intl.NumberFormat | undefined;
let dateFormat: Intl.DateTimeFormat | undefined;
const currencyFormat = () =>
  (currency ??= new Intl.NumberFormat("pt-BR", {
    style: "currency",
    currency: "BRL",
    maximumFractionDigits: 0,
  }));
const integerFormat = () => (integer ??= new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 }));
const dateFormatter = () =>
  (dateFormat ??= new Intl.DateTimeFormat("pt-BR", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "America/Maceio",
  }));

/** R$ 1.250.000 (non-breaking space as Intl prints it replaced by a plain one for stable text). */
export function formatPrice(value: number): string {
  return currencyFormat()
    .format(value)
    .replace(/\u00a0/g, " ");
}

export function formatArea(m2: number): string {
  return `${integerFormat().format(m2)} m²`;
}

export function formatInteger(value: number): string {
  return integerFormat().format(value);
}

export function formatDate(value: Date | string): string {
  return dateFormatter().format(typeof value === "string" ? new Date(value) : value);
}

/** (82) 99999-9999 from any string of digits (with or without the 55 country code). */
export function formatPhone(raw: string): string {
  let digits = raw.replace(/\D/g, "");
  if (digits.length > 11 && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return raw;
}
