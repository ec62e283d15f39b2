// The bench's outputs are those of the code before it was split into modules: the fixtures' expected files were
// written by the former scripts/bench.mjs, bench/client.mjs and bench/security.mjs from the same inputs (result
// rows, the console table and regression list, and the --update-docs rewrite of docs/benchmarks.md).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientMetrics } from '../client/metrics.mjs';
import { updateDocs } from '../run/docs.mjs';
import { parseOptions, serverSizes } from '../run/options.mjs';
import { compareWithPrevious, printTable } from '../run/report.mjs';
import { securityMetrics } from '../security/metrics.mjs';
import { serverMetrics } from '../server/metrics.mjs';
import { postgresMetrics } from '../server/metrics-postgres.mjs';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const text = (name) => readFileSync(path.join(fixtures, name), 'utf8');
const json = (name) => JSON.parse(text(name));
/** The value as results.json stores it (undefined fields dropped). */
const stored = (x) => JSON.parse(JSON.stringify(x));

const inputs = json('metric-inputs.json');
const expected = json('metrics.expected.json');
const context = { options: parseOptions([], {}), sizes: serverSizes(false) };

describe('result rows', () => {
  it('server suite: metrics 1, 3–7 and 17', () => {
    expect(stored(serverMetrics(inputs.server, context))).toEqual(expected.server);
    expect(stored(serverMetrics({ ...inputs.server, lag: null }, context))).toEqual(expected.serverWithoutLogins);
  });

  it('server suite on PostgreSQL: rows 301, 303, 304, 306 (metrics 1, 3, 4, 6 on that store) and 310 (two instances)', () => {
    const rows = stored(postgresMetrics(inputs.server, context));
    const sqlite = stored(serverMetrics(inputs.server, context));
    expect(rows.map((m) => m.id)).toEqual([301, 303, 304, 306, 310]);
    // The same figures and checks as on SQLite, named for the store and with its raw baselines' names.
    for (const [pg, id] of [[301, 1], [303, 3], [304, 4], [306, 6]]) {
      const a = rows.find((m) => m.id === pg);
      const b = sqlite.find((m) => m.id === id);
      expect(a.name).toBe(`PostgreSQL: ${b.name}`);
      expect([a.value, a.ratio, a.pass]).toEqual([b.value, b.ratio, b.pass]);
    }
    expect(rows.find((m) => m.id === 304).baseline.name).toBe('raw pg, 50 INSERTs per transaction (one prepared statement)');
    expect(rows.find((m) => m.id === 310)).toMatchObject({ value: 5001, baseline: { value: 4000 }, ratio: 1.25, pass: null });
  });

  it('client suite: metrics 8, 10, 12, 14 and 15', () => {
    expect(stored(clientMetrics(inputs.client))).toEqual(expected.client);
  });

  it('security suite: ids 200–203', () => {
    expect(stored(securityMetrics(inputs.security))).toEqual(expected.security);
  });
});

describe('console report', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints the same table, notes and changes against the previous run, and finds the same regressions', () => {
    const lines = [];
    vi.spyOn(console, 'log').mockImplementation((...x) => lines.push(x.join(' ')));
    const results = json('results.json');
    printTable(results.metrics);
    const regressions = compareWithPrevious(json('previous.json'), results.metrics, false);
    expect(`${lines.join('\n')}\n`).toBe(text('report.expected.txt'));
    expect(regressions).toEqual(json('regressions.expected.json'));
  });

  it('does not compare a --quick run with a full one', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(compareWithPrevious(json('previous.json'), json('results.json').metrics, true)).toEqual([]);
  });
});

describe('--update-docs', () => {
  const roots = [];
  afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));
  /** docs/benchmarks.md after updateDocs(results) on a copy of the fixture's document. */
  function rewrite(results) {
    const root = mkdtempSync(path.join(os.tmpdir(), 'bench-docs-test-'));
    roots.push(root);
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs', 'benchmarks.md'), text('benchmarks.before.md'));
    const said = [];
    updateDocs(results, root, (msg) => said.push(msg));
    return { doc: readFileSync(path.join(root, 'docs', 'benchmarks.md'), 'utf8'), said };
  }

  it('rewrites the machine line, the results block and the security block of a full run as before', () => {
    const { doc, said } = rewrite(json('results.json'));
    expect(doc).toBe(text('benchmarks.after.md'));
    expect(said).toEqual(['docs/benchmarks.md: machine line and results block, security block updated']);
  });

  it('leaves the results block and machine line alone after a run of one suite', () => {
    const full = json('results.json');
    const client = rewrite({ ...full, only: 'client', metrics: full.metrics.filter((m) => m.id < 200) });
    expect(client.doc).toBe(text('benchmarks.before.md'));
    expect(client.said).toEqual(['docs/benchmarks.md: nothing to update']);
    const security = rewrite({ ...full, only: 'security', metrics: full.metrics.filter((m) => m.id >= 200) });
    const block = (doc, name) => doc.slice(doc.indexOf(`<!-- bench:${name}:start -->`), doc.indexOf(`<!-- bench:${name}:end -->`));
    expect(block(security.doc, 'security')).toBe(block(text('benchmarks.after.md'), 'security'));
    expect(block(security.doc, 'results')).toBe(block(text('benchmarks.before.md'), 'results'));
  });
});
