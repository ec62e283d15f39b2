import Dexie, {
  type DBCore,
  type DBCoreCountRequest,
  type DBCoreGetManyRequest,
  type DBCoreGetRequest,
  type DBCoreOpenCursorRequest,
  type DBCoreIndex,
  type DBCoreKeyRange,
  type DBCoreMutateRequest,
  type DBCoreMutateResponse,
  type DBCoreQueryRequest,
  type DBCoreTable,
  type DBCoreTransaction,
  type Middleware,
} from 'dexie';
import { arrayCursor, type Entry } from './bucket-cursor';
import { bucketOf, isBucket, type Bucket, type Row } from './bucket-records';
import { ANY, compareKeys, inRange, isValidKey } from './key-ranges';

export { BUCKETS, bucketOf, isBucket, rowsOfBuckets, textsOfBuckets, toBuckets, type Bucket } from './bucket-records';

/**
 * Bucketed storage for the entity tables (docs/sync.md, "Buckets"). Chromium's IndexedDB costs about
 * 60–90 µs a record however small it is, so a first sync of 14k rows spent over a second in `put` calls, and a
 * cold start 170–300 ms in one `getAll()` of 10k tasks. This DBCore middleware sits under every other Dexie
 * layer and stores a table's rows in `BUCKETS` records (`{ id: 'b007', bucket: 1, rows: Map }`, the bucket
 * chosen by a hash of the row id), so the same 14k rows are 64 records: written in tens of milliseconds,
 * read back in one `getAll()` of 64 values. Each row is kept as its JSON text, so rewriting a bucket copies
 * the strings of the rows that did not change instead of walking their objects again, and every read hands
 * out a fresh object. Rows must therefore be JSON values (they are: server data and ISO date strings).
 *
 * Everything above it (Dexie's tables, transactions, liveQuery and change events, the live tables,
 * the mutators) still sees one record per row with its primary key and indexes: `get`, `getMany`, `mutate`
 * (put, add, delete, deleteRange), `query` and `count` are answered from the buckets, and secondary indexes
 * (`parentId`, `deleted`, `updatedAt`) are evaluated over the rows in memory. Writes read, change and rewrite
 * whole buckets inside the caller's transaction; writes to one bucket within a transaction run one after the
 * other, so two of them never overwrite each other's change.
 */

/** The Dexie middleware; `tables` are the bucketed tables (their primary key must be an inbound string). */
export function bucketMiddleware(tables: Iterable<string>): Middleware<DBCore> {
  const names = new Set(tables);
  return {
    stack: 'dbcore',
    name: 'Buckets',
    // Below Dexie's own middlewares (cache, observability, hooks: levels -1 to 2), next to IndexedDB.
    level: -10,
    create: (down) => ({
      ...down,
      table: (name: string) => (names.has(name) ? bucketTable(down.table(name)) : down.table(name)),
    }),
  };
}

const parse = (json: string | undefined): Row | undefined => (json === undefined ? undefined : (JSON.parse(json) as Row));

/**
 * Dexie's promise. Every step here chains on it rather than on native promises or `async` functions: its
 * callbacks run in Dexie's zone of the caller's transaction, within the same microtask checkpoint, so the
 * transaction stays active and the caller's next step finds its transaction (as in Dexie's own middlewares).
 */
const P = Dexie.Promise;

/** Per transaction and bucket: the end of the last write, so the next one reads what it wrote. */
const writeChains = new WeakMap<DBCoreTransaction, Map<string, PromiseLike<unknown>>>();

/** Runs `work` after the writes to `keys` that this transaction started before it; later writes wait for it. */
function serialized<T>(trans: DBCoreTransaction, keys: string[], work: () => PromiseLike<T>): PromiseLike<T> {
  let chains = writeChains.get(trans);
  if (!chains) writeChains.set(trans, (chains = new Map()));
  const previous = keys.map((k) => chains.get(k)).filter((p) => p !== undefined);
  const run = previous.length > 0 ? P.all(previous).then(work) : P.resolve(work());
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  for (const k of keys) chains.set(k, settled);
  return run;
}

/** A write touching more buckets than this reads every bucket in one `getAll()` instead of one `get` each. */
const BULK_READ = 8;

function bucketTable(down: DBCoreTable): DBCoreTable {
  const { schema } = down;
  const primary = schema.primaryKey;
  const extractId = (value: Row) => String(primary.extractKey!(value));

  function readBuckets(trans: DBCoreTransaction, keys: string[]): PromiseLike<Map<string, Bucket>> {
    return P.resolve(down.getMany({ trans, keys })).then((found: unknown[]) => {
      const out = new Map<string, Bucket>();
      for (const b of found) if (isBucket(b)) out.set(b.id, b);
      return out;
    });
  }

  function allBuckets(trans: DBCoreTransaction): PromiseLike<Bucket[]> {
    return P.resolve(down.query({ trans, values: true, limit: Infinity, query: { index: primary, range: ANY } })).then(({ result }) =>
      (result as unknown[]).filter(isBucket),
    );
  }

  /** The rows of `index` within `range`, in IndexedDB order (key, then primary key). */
  function entries(trans: DBCoreTransaction, index: DBCoreIndex, range: DBCoreKeyRange): PromiseLike<Entry[]> {
    if ((range.type as number) === 4) return P.resolve([]);
    return allBuckets(trans).then((buckets) => {
      const out: Entry[] = [];
      if (index.isPrimaryKey) {
        for (const b of buckets) for (const [id, json] of b.rows) if (inRange(id, range)) out.push({ key: id, primaryKey: id, value: JSON.parse(json) as Row });
        out.sort((x, y) => compareKeys(x.primaryKey, y.primaryKey));
        return out;
      }
      for (const b of buckets) {
        for (const [id, json] of b.rows) {
          const value = JSON.parse(json) as Row;
          const key = index.extractKey!(value);
          const keys = index.multiEntry && Array.isArray(key) ? key : [key];
          for (const k of keys) if (isValidKey(k) && inRange(k, range)) out.push({ key: k, primaryKey: id, value });
        }
      }
      out.sort((x, y) => compareKeys(x.key, y.key) || compareKeys(x.primaryKey, y.primaryKey));
      return out;
    });
  }

  function query(req: DBCoreQueryRequest): PromiseLike<Entry[]> {
    return entries(req.trans, req.query.index, req.query.range).then((all) => {
      let list = all;
      const direction = req.direction ?? 'next';
      if (direction.endsWith('unique')) list = list.filter((e, i) => i === 0 || compareKeys(e.key, list[i - 1]!.key) !== 0);
      if (direction.startsWith('prev')) list.reverse();
      if (req.limit !== undefined && req.limit !== Infinity) list = list.slice(0, req.limit);
      return list;
    });
  }

  function mutate(req: DBCoreMutateRequest): PromiseLike<DBCoreMutateResponse> {
    const { trans } = req;
    if (req.type === 'deleteRange') {
      if ((req.range.type as number) === 3) {
        return P.resolve(down.mutate({ trans, type: 'deleteRange', range: ANY })).then(() => ({ numFailures: 0, failures: {}, results: [], lastResult: undefined }));
      }
      return entries(trans, primary, req.range).then((list) => mutate({ trans, type: 'delete', keys: list.map((e) => e.primaryKey) }));
    }
    const values = req.type === 'delete' ? null : (req.values as Row[]);
    const keys: string[] = req.type === 'delete' ? req.keys.map(String) : values!.map(extractId);
    const failures: Record<number, Error> = {};
    const groups = new Map<string, number[]>();
    keys.forEach((k, i) => {
      const b = bucketOf(k);
      const list = groups.get(b);
      if (list) list.push(i);
      else groups.set(b, [i]);
    });
    const update = (found: Map<string, Bucket>, bk: string, positions: number[]) => {
      const bucket = found.get(bk) ?? { id: bk, bucket: 1 as const, rows: new Map<string, string>() };
      let changed = false;
      for (const i of positions) {
        const key = keys[i]!;
        if (req.type === 'delete') {
          changed = bucket.rows.delete(key) || changed;
        } else if (req.type === 'add' && bucket.rows.has(key)) {
          failures[i] = new DOMException('Key already exists in the object store.', 'ConstraintError');
        } else {
          bucket.rows.set(key, JSON.stringify(values![i]));
          changed = true;
        }
      }
      if (!changed) return undefined;
      const write = bucket.rows.size === 0 ? down.mutate({ trans, type: 'delete', keys: [bk] }) : down.mutate({ trans, type: 'put', values: [bucket] });
      return P.resolve(write).then((res) => {
        if (res.numFailures > 0) throw Object.values(res.failures)[0] ?? new Error(`bucket ${bk} of ${schema.name} was not written`);
      });
    };
    const writes: PromiseLike<unknown>[] =
      groups.size > BULK_READ
        ? [
            serialized(trans, [...groups.keys()], () =>
              allBuckets(trans).then((list) => {
                const found = new Map(list.map((b) => [b.id, b]));
                return P.all([...groups].map(([bk, positions]) => update(found, bk, positions)));
              }),
            ),
          ]
        : [...groups].map(([bk, positions]) => serialized(trans, [bk], () => readBuckets(trans, [bk]).then((found) => update(found, bk, positions))));
    return P.all(writes).then(() => ({
      numFailures: Object.keys(failures).length,
      failures,
      results: keys.map((k, i) => (failures[i] ? undefined : k)),
      lastResult: keys[keys.length - 1],
    }));
  }

  const table: DBCoreTable = {
    ...down,
    mutate: (req) => P.resolve(mutate(req)),
    get: ({ trans, key }: DBCoreGetRequest) => {
      const id = String(key);
      const bk = bucketOf(id);
      return P.resolve(readBuckets(trans, [bk]).then((found) => parse(found.get(bk)?.rows.get(id))));
    },
    getMany: ({ trans, keys }: DBCoreGetManyRequest) => {
      const ids = keys.map(String);
      return P.resolve(readBuckets(trans, [...new Set(ids.map(bucketOf))]).then((found) => ids.map((id) => parse(found.get(bucketOf(id))?.rows.get(id)))));
    },
    query: (req) => P.resolve(query(req).then((list) => ({ result: list.map((e) => (req.values ? e.value : e.primaryKey)) }))),
    count: ({ trans, query: q }: DBCoreCountRequest) => {
      if (q.index.isPrimaryKey && (q.range.type as number) === 3) {
        return P.resolve(allBuckets(trans).then((buckets) => buckets.reduce((n, b) => n + b.rows.size, 0)));
      }
      return P.resolve(entries(trans, q.index, q.range).then((list) => list.length));
    },
    openCursor: (req: DBCoreOpenCursorRequest) => {
      const direction = req.reverse ? (req.unique ? 'prevunique' : 'prev') : req.unique ? 'nextunique' : 'next';
      return P.resolve(query({ trans: req.trans, values: true, query: req.query, direction }).then((list) => (list.length === 0 ? null : arrayCursor(req.trans, list))));
    },
  };
  return table;
}
