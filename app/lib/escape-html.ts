/**
 * Text made safe inside HTML or SVG markup written by hand (attribute values and element text):
 * the five characters that could end an attribute or start a tag, as entities. Pages React renders
 * need none of this; it is for the small pages, e-mails, images and map popups built as strings.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char as keyof typeof ENTITIES]);
}

const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" } as const;
