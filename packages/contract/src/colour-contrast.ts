/**
 * WCAG 2.1 contrast for the organisation's colours, without any UI library: the web theme and the server-rendered
 * public register both keep text readable on and in whatever brand colours the settings hold (decision 036).
 */

/** WCAG 2.1 AA (1.4.3): text needs a contrast of 4.5:1 with what is behind it. */
export const TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

/** '#rgb', '#rrggbb' or 'rgb(r, g, b)'; null for anything else. */
function parseColour(colour: string): Rgb | null {
  const value = colour.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/i.exec(value);
  return rgb ? (rgb.slice(1, 4).map((n) => Math.min(255, Number(n))) as Rgb) : null;
}

// Channels cut to whole numbers, as Material writes them, so a shade is the same colour on both sides.
const toRgb = (rgb: Rgb) => `rgb(${rgb.map((c) => Math.trunc(c)).join(', ')})`;

/** Relative luminance (WCAG 2.1), rounded as Material rounds it so both sides pick the same shades. */
function luminance(colour: string): number {
  const rgb = parseColour(colour);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return Number((0.2126 * r + 0.7152 * g + 0.0722 * b).toFixed(3));
}

export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The colour with each channel scaled down by `amount` (0 to 1), as Material's `darken`. */
export function darkenColour(colour: string, amount: number): string {
  const rgb = parseColour(colour);
  return rgb ? toRgb(rgb.map((c) => c * (1 - amount)) as Rgb) : colour;
}

/** The colour with each channel moved towards white by `amount` (0 to 1), as Material's `lighten`. */
export function lightenColour(colour: string, amount: number): string {
  const rgb = parseColour(colour);
  return rgb ? toRgb(rgb.map((c) => c + (255 - c) * amount) as Rgb) : colour;
}

/** The colour itself when text in it reads on every given background, else the lightest darker shade of it that does. */
export function readableOn(colour: string, backgrounds: string[]): string {
  for (let step = 0; step <= 20; step++) {
    const shade = step === 0 ? colour : darkenColour(colour, step / 20);
    if (backgrounds.every((background) => contrastRatio(shade, background) >= TEXT_CONTRAST)) return shade;
  }
  return '#000000';
}

/** Text on a filled background: white when it reaches 4.5:1, else near-black (Material's contrast text). */
export function textOn(background: string): string {
  return contrastRatio('#ffffff', background) >= TEXT_CONTRAST ? '#ffffff' : 'rgba(0, 0, 0, 0.87)';
}
