import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Items are written out in chunks of about this many characters. */
const CHUNK = 64 * 1024;

/**
 * A JSON array sent as it is produced: each item's JSON is written as its own piece, so a collection answer is
 * never built as one string (a user's notes can add up to more than V8's longest string). `open`/`close` wrap
 * the array, e.g. `{"data":[` … `]}`.
 */
export function sendJsonArray(
  reply: FastifyReply,
  items: Iterable<string> | AsyncIterable<string>,
  wrap: { open: string; close: string } = { open: '[', close: ']' },
): FastifyReply {
  async function* pieces() {
    let buffer = wrap.open;
    let first = true;
    for await (const item of items) {
      buffer += first ? item : `,${item}`;
      first = false;
      if (buffer.length >= CHUNK) {
        yield buffer;
        buffer = '';
      }
    }
    yield buffer + wrap.close;
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(pieces(), { objectMode: false }));
}

/** Each item as JSON, lazily. */
export function* jsonEach<T>(items: Iterable<T>, toJson: (item: T) => string = (item) => JSON.stringify(item)): Iterable<string> {
  for (const item of items) yield toJson(item);
}
