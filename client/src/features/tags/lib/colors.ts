/** Colour helpers for tags: the swatch palette, hex validation and a readable text colour on a background. */

/** The default colour of a new tag (SPEC section 9). */
export { TAG_DEFAULT_COLOR } from '@adhd/shared/tags/schema';

/** The value of the standalone colour picker when it is given none (SPEC section 9). */
export const PICKER_DEFAULT_COLOR = '#4CAF50';

/** Swatches, six per row: pastels, vivid, deep, dark, neutrals. */
export const PALETTE = [
  '#FFD6E7', '#FFE0B2', '#FFF9C4', '#C8E6C9', '#B3E5FC', '#D1C4E9',
  '#F44336', '#FF9800', '#FFEB3B', '#4CAF50', '#2196F3', '#9C27B0',
  '#E91E63', '#FF5722', '#CDDC39', '#009688', '#4285F4', '#6200EA',
  '#B71C1C', '#795548', '#827717', '#1B5E20', '#0D47A1', '#311B92',
  '#FFFFFF', '#BDBDBD', '#9E9E9E', '#607D8B', '#424242', '#000000',
] as const;

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A 3- or 6-digit hex colour with a leading # (SPEC section 5, 'Must be a valid hex color'). */
export const isHexColor = (value: string): boolean => HEX.test(value);

/** `#abc` → `#AABBCC`; anything that is not a hex colour is returned unchanged. */
export function expandHex(value: string): string {
  if (!isHexColor(value)) return value;
  const digits = value.slice(1);
  const six = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return `#${six.toUpperCase()}`;
}

/** Relative luminance of a hex colour (WCAG 2). */
function luminance(hex: string): number {
  const six = expandHex(hex).slice(1);
  const channel = (i: number) => {
    const c = parseInt(six.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

const DARK_TEXT = '#1C1B1F';
const LIGHT_TEXT = '#FFFFFF';

/** Black or white, whichever contrasts more with the background (unknown colours get dark text). */
export function textColorOn(background: string): string {
  if (!isHexColor(background)) return DARK_TEXT;
  const l = luminance(background);
  const onDark = (1.05) / (l + 0.05); // white text
  const onLight = (l + 0.05) / (luminance(DARK_TEXT) + 0.05);
  return onDark >= onLight ? LIGHT_TEXT : DARK_TEXT;
}
