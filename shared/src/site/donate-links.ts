import { z } from 'zod/mini';
import { boundedString } from '../validation/fields.js';

/** The operator's donation links (issue 18): shown on /donate, edited in /admin/donate, at most 10. */
export const DONATE_LINKS_MAX = 10;
export const DONATE_LABEL_MAX = 60;
export const DONATE_URL_MAX = 2000;

/** The English text of the key 'site.urlInvalid' (kept out of validation/messages.ts, which every start loads). */
export const DONATE_URL_MESSAGE = 'Please enter a link starting with https:// or http://';

export interface DonateLink {
  label: string;
  url: string;
}

/**
 * An absolute http(s) URL with a host and no spaces: `javascript:`, `data:`, relative and protocol-relative
 * links are refused. No user-info part (`https://a@b`), so the host a visitor sees is the one they reach.
 */
const DONATE_URL = /^https?:\/\/[\p{L}\p{N}._-]{1,253}(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

export function isDonateUrl(value: string): boolean {
  return value.length <= DONATE_URL_MAX && DONATE_URL.test(value);
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
