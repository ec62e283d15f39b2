import { CompiledQuery, type Kysely, type QueryResult } from 'kysely';

/**
 * Queries built once (issue 14, the push path): Kysely builds an operation tree and compiles it to SQL on every
 * call, which costs more than running a small indexed statement on SQLite (and a large share of a push's CPU
 * with its multi-row inserts). A hot query is named by a `shape` that fixes its SQL text (the statement and, for
 * lists, how many rows or ids); its first run is built and compiled by Kysely as usual, and later runs of that
 * shape reuse the compiled text with new parameters. SQLite's statement cache (plugins/db.ts) then finds its
 * prepared statement by that text; PostgreSQL gets the same text each time.
 *
 * The caller gives the parameters in the order the compiled query takes them; the first run of every shape
 * checks them against Kysely's own, so a wrong order fails at once (and in the tests) instead of writing wrong
 * values. Texts are remembered per dialect adapter (one per store), at most MAX_SHAPES of them and MAX_CHARS of
 * text; a shape past either bound is simply built every time.
 */

type AnyDb = Pick<Kysely<unknown>, 'getExecutor'>;

const MAX_SHAPES = 4096;
/** …and at most this many characters of SQL text in all (long id lists make long texts). */
const MAX_CHARS = 4 * 1024 * 1024;
const texts = new WeakMap<object, Map<string, string>>();
const sizes = new WeakMap<object, number>();

/** Raised when a caller's parameters are not those Kysely compiled for the same shape (a programming error). */
export class ShapeMismatch extends Error {}

function sameParameters(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/**
 * Run the query of `shape` with `parameters`: compiled by `build` the first time on this store, from the
 * remembered SQL text afterwards. `build` must give the same SQL for every call of one shape.
 */
export async function runShaped<R>(db: AnyDb, shape: string, parameters: readonly unknown[], build: () => CompiledQuery<R>): Promise<QueryResult<R>> {
  const executor = db.getExecutor();
  const adapter = executor.adapter;
  let byShape = texts.get(adapter);
  if (!byShape) texts.set(adapter, (byShape = new Map()));
  const text = byShape.get(shape);
  if (text !== undefined) return executor.executeQuery<R>(CompiledQuery.raw(text, parameters as unknown[]) as CompiledQuery<R>);
  const compiled = build();
  if (!sameParameters(compiled.parameters, parameters)) {
    throw new ShapeMismatch(`query ${shape}: the parameters given (${parameters.length}) are not those compiled (${compiled.parameters.length})`);
  }
  const size = sizes.get(adapter) ?? 0;
  if (byShape.size < MAX_SHAPES && size + compiled.sql.length <= MAX_CHARS) {
    byShape.set(shape, compiled.sql);
    sizes.set(adapter, size + compiled.sql.length);
  }
  return executor.executeQuery(compiled);
}

/** How many shapes are remembered for the store of `db` (tests). */
export function shapeCount(db: AnyDb): number {
  return texts.get(db.getExecutor().adapter)?.size ?? 0;
}

/** Lists up to this long keep their own length as a shape; longer ones are padded to a multiple of it. */
const PAD_STEP = 8;

/**
 * `items` padded to one of a few lengths by repeating its last item, for an `IN (…)` list or an insert that
 * ignores conflicts (`ON CONFLICT DO NOTHING`), where a repeated item changes nothing: a push of 50 mutations
 * reads 50–60 rows and writes 60–90 tag references, and without padding nearly every push has a count of its
 * own, so Kysely builds and compiles the query, and SQLite prepares its statement, anew. Padded, a handful of
 * shapes serve them all (at most PAD_STEP − 1 extra items a list).
 */
export function padded<T>(items: readonly T[]): readonly T[] {
  const n = items.length;
  if (n <= PAD_STEP || n % PAD_STEP === 0) return items;
  const out = items.slice();
  const last = items[n - 1]!;
  while (out.length % PAD_STEP !== 0) out.push(last);
  return out;
}
