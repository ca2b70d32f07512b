// Links to reach the agency: WhatsApp (wa.me), phone (tel:), CRECI text, video channel; the
// conventions behind them are in docs/domain.md.

/** International digits for a Brazilian number: "(82) 99999-9999" → "5582999999999". */
export function brazilDigits(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  if (digits.length === 10 || digits.length === 11) return `55${digits}`;
  return digits;
}

/** Whether a number can take a wa.me link: with its area code (55 + DDD + number, 12 or 13 digits). */
export function reachableOnWhatsapp(raw: string | null | undefined): raw is string {
  return raw ? brazilDigits(raw).length >= 12 : false;
}

/** https://wa.me/5582999999999?text=… (the message is optional). */
export function whatsappUrl(number: string, message?: string): string {
  const base = `https://wa.me/${brazilDigits(number)}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

export function telHref(number: string): string {
  return `tel:+${brazilDigits(number)}`;
}

/** "CRECI 1234-J" whether the setting holds "1234-J" or already "CRECI/AL 1234-J". */
export function creciText(creci: string): string {
  const value = creci.trim();
  return /^creci\b/i.test(value) ? value : `CRECI ${value}`;
}

/** The channel's subscribe page (YouTube's confirmation dialog). */
export function subscribeUrl(channelUrl: string): string {
  return `${channelUrl}${channelUrl.includes("?") ? "&" : "?"}sub_confirmation=1`;
}

/** "Canal no YouTube" for YouTube URLs, otherwise a neutral name. */
export function channelName(channelUrl: string): string {
  return /youtube\.com|youtu\.be/i.test(channelUrl) ? "Canal no YouTube" : "Canal de vídeos";
}
