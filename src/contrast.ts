// WCAG 2.x contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio) of two "#rrggbb" colours.

/** Relative luminance: each sRGB channel linearised, then weighted as the eye sees it. */
function luminance(colour: string): number {
  // "#rrggbb" (canonical, appearance.ts): its three hex pairs, red, green and blue.
  const [red, green, blue] = colour.match(/[\da-f]{2}/g)!.map((hex) => {
    const channel = Number.parseInt(hex, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white), whichever is lighter. */
export function contrastRatio(first: string, second: string): number {
  const [a, b] = [luminance(first), luminance(second)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
