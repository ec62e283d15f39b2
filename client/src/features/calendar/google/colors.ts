/** SPEC section 3: an imported Google event without its calendar's own colour shows Google's blue. */
export const GOOGLE_DEFAULT_COLOR = '#4285F4';
