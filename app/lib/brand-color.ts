// The agency's brand colour: its contrast check (WCAG 2.x relative luminance), the darker shade
// suggested when it fails, and the CSS custom properties the site draws with. Shared by the
// settings form in the browser and the action (app/lib/settings-schema.ts).

/** Today's sea blue (app/styles/base.css): the colour of a site whose owner never chose one. */
export const DEFAULT_BRAND_COLOR = "#0b6e8a";
/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;
/**
 * The colour is white text's background (header bar, buttons) and the text colour of links,
 * on white and on the site's lightest tinted background, sand (--color-sand in base.css): the
 * darker of the two is the one to pass.
 */
const LIGHT_BACKGROUNDS = ["#ffffff", "#f6efe3"] as const;

type Rgb = readonly [number, number, number];

/** "#0B6E8A", "0b6e8a", "#06c" → "#0b6e8a"; anything else → null. */
export function normalizeHex(value: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return null;
  const digits = match[1].toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits}`;
}

function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two "#rrggbb" colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The lowest contrast the colour has where the site uses it (white text, light backgrounds). */
export function brandContrast(hex: string): number {
  return Math.min(...LIGHT_BACKGROUNDS.map((background) => contrastRatio(hex, background)));
}

export function passesContrast(hex: string): boolean {
  return brandContrast(hex) >= MIN_CONTRAST;
}

/** The colour with every channel scaled by `factor` (same hue, darker below 1). */
function scaled(hex: string, factor: number): string {
  return hexOf(rgbOf(hex).map((c) => c * factor) as unknown as Rgb);
}

/**
 * The lightest shade of the same hue that passes: the channels scaled down step by step, so the
 * suggestion looks like what the owner picked, only darker. Black always passes, so it ends.
 */
export function darkerPassingShade(hex: string): string {
  for (let factor = 1; factor > 0; factor -= 0.01) {
    const candidate = scaled(hex, factor);
    if (passesContrast(candidate)) return candidate;
  }
  return "#000000";
}

/** "4,1:1", as a Brazilian reads a ratio. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1).replace(".", ",")}:1`;
}

/** The message at the field for a colour that fails, with a shade that passes. */
export function contrastMessage(hex: string): string {
  return (
    `Cor com pouco contraste: ${formatRatio(brandContrast(hex))}, e o texto branco sobre ela e os links ` +
    `sobre os fundos claros do site precisam de pelo menos 4,5:1 (WCAG AA). ` +
    `Experimente ${darkerPassingShade(hex)}, um tom mais escuro da mesma cor.`
  );
}

/**
 * The custom properties of app/styles/base.css a chosen colour overrides: the colour itself, a
 * darker one for hover and headings (about the same step as today's sea → deep sea) and the
 * hero gradient's light end. The default colour overrides nothing, so the site looks as before.
 */
export function brandCssVariables(hex: string): Record<string, string> | undefined {
  if (hex === DEFAULT_BRAND_COLOR || !normalizeHex(hex)) return undefined;
  return {
    "--color-primary": hex,
    "--color-primary-dark": scaled(hex, 0.73),
    "--color-primary-light": hex,
  };
}
