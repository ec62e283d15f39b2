import { z } from 'zod/mini';
import { boundedString } from '../validation/fields.js';

/** The operator's donation links (issue 18): shown on /donate, edited in /admin/donate, at most 10. */
export const DONATE_LINKS_MAX = 10;
export const DONATE_LABEL_MAX = 60;
export const DONATE_URL_MAX = 2000;

export interface DonateLink {
  label: string;
  url: string;
}

/** True for an absolute http(s) URL with a host: `javascript:`, `data:` and relative links are refused. */
export function isDonateUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const labelSchema = z.pipe(
  boundedString(DONATE_LABEL_MAX, 'validation.required'),
  z.transform((v: string) => v.trim()),
).check(z.minLength(1, 'validation.required'));

const urlSchema = z.pipe(
  boundedString(DONATE_URL_MAX, 'validation.required', 'site.urlInvalid'),
  z.transform((v: string) => v.trim()),
).check(z.minLength(1, { error: 'validation.required', abort: true }), z.refine(isDonateUrl, 'site.urlInvalid'));

export const donateLinkSchema = z.strictObject({ label: labelSchema, url: urlSchema }, 'validation.invalid');

/** `PUT /api/admin/site/donate-links`: the whole list, in the order shown. */
export const donateLinksSchema = z.strictObject(
  { links: z.array(donateLinkSchema, 'validation.invalid').check(z.maxLength(DONATE_LINKS_MAX, 'validation.tooMany')) },
  'validation.invalid',
);
