import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors.js';

/**
 * The deepest nesting of arrays and objects a JSON body may have. The deepest real payload (a push of a habit
 * with its history) is 5 levels; a 1 MiB body of `[[[[…` is 500k levels, which `JSON.parse` takes 70–140 ms
 * of the only event loop to build (issue 12, points 1 and 7: no small request buys long blocking work).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` nests arrays or objects deeper than `max`, in one pass that skips string contents (quotes
 * and backslashes inside strings do not count). Stops at the first level too deep.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Jump to the closing quote: the next `"` not escaped by an odd run of backslashes.
      for (;;) {
        const end = text.indexOf('"', i + 1);
        if (end < 0) return false; // unterminated: JSON.parse refuses it
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
        i = end;
        if (slashes % 2 === 0) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * JSON bodies go through Fastify's own parser (prototype and constructor poisoning refused, as app.ts asks),
 * after a nesting check that refuses too deep a body with 400 before it is parsed.
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (jsonTooDeep(body as string)) {
        done(new HttpError(400, 'VALIDATION', `Request body is nested more than ${MAX_JSON_DEPTH} levels deep`), undefined);
        return;
      }
      parse(request, body as string, done);
    });
  },
  { name: 'json-body' },
);
