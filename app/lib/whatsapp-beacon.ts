// Records a WhatsApp click on a listing without delaying the visitor: sendBeacon survives the
// navigation to wa.me. Call from the WhatsApp link's onClick; the link's href still works alone.
export const WHATSAPP_BEACON_PATH = "/api/whatsapp";

export function recordWhatsappClick(referencia: string): void {
  if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return;
  const body = new FormData();
  body.set("referencia", referencia);
  try {
    navigator.sendBeacon(WHATSAPP_BEACON_PATH, body);
  } catch {
    // Recording the click must never stop the visitor from reaching WhatsApp.
  }
}
