import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Items are written out in chunks of about this many characters. */
const CHUNK = 64 * 1024;

/**
 * A JSON array sent as it is produced: each item's JSON is written as its own piece, so a collection answer is
 * never built as one string (a user's notes can add up to more than V8's longest string). `open`/`close` wrap
 * the array, e.g. `{"data":[` … `]}`. An answer of synchronous items that ends within the first CHUNK characters
 * (a page of a list) is sent as one string, without a stream.
 */
export function sendJsonArray(
  reply: FastifyReply,
  items: Iterable<string> | AsyncIterable<string>,
  wrap: { open: string; close: string } = { open: '[', close: ']' },
): FastifyReply {
  let buffer = wrap.open;
  let first = true;
  const add = (item: string) => {
    buffer += first ? item : `,${item}`;
    first = false;
  };
  let rest: Iterator<string> | AsyncIterator<string>;
  if (Symbol.iterator in items) {
    const it = items[Symbol.iterator]();
    for (;;) {
      const next = it.next();
      if (next.done) return reply.type('application/json; charset=utf-8').send(buffer + wrap.close);
      add(next.value);
      if (buffer.length >= CHUNK) break;
    }
    rest = it;
  } else {
    rest = items[Symbol.asyncIterator]();
  }
  async function* pieces() {
    for (let next = await rest.next(); !next.done; next = await rest.next()) {
      add(next.value);
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
