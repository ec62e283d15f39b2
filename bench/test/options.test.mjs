// The options of scripts/bench.mjs and which suites and feature benches each selection runs.
import { describe, expect, it } from 'vitest';
import { parseOptions, runsFeature, runsSuite, serverSizes } from '../run/options.mjs';

const FEATURES = ['feature-habits.mjs', 'feature-habits-client.mjs', 'feature-notes-client.mjs'];
/** What a run with `args` includes: its suites and its feature benches. */
function selection(args) {
  const o = parseOptions(args, {});
  return { suites: ['server', 'security', 'client'].filter((s) => runsSuite(o, s)), features: FEATURES.filter((f) => runsFeature(o, f)) };
}

describe('parseOptions', () => {
  it('reads every flag, and the load settings from the environment', () => {
    expect(parseOptions([], {})).toEqual({
      only: null, quick: false, updateDocs: false, docsOnly: false, gate: false, skipClient: false, stores: ['sqlite', 'postgres'],
      connections: 32, duration: 8, warmup: 2, rounds: 2,
    });
    expect(parseOptions(['--store', 'sqlite'], {}).stores).toEqual(['sqlite']);
    expect(parseOptions(['--store=postgres'], {}).stores).toEqual(['postgres']);
    expect(() => parseOptions(['--store', 'mysql'], {})).toThrow('--store mysql: unknown (known: sqlite, postgres, both)');
    const o = parseOptions(['--quick', '--update-docs', '--docs-only', '--gate', '--skip-client'], { BENCH_CONNECTIONS: '64', BENCH_DURATION: '4' });
    expect(o).toMatchObject({ quick: true, updateDocs: true, docsOnly: true, gate: true, skipClient: true, connections: 64, duration: 4, warmup: 1 });
    expect(parseOptions(['--quick'], {}).duration).toBe(2);
  });

  it('takes --only <suite> and --only=<suite> for server, client and security', () => {
    expect(parseOptions(['--only', 'client'], {}).only).toBe('client');
    expect(parseOptions(['--only=server', '--quick'], {}).only).toBe('server');
    expect(parseOptions(['--quick', '--only', 'security'], {}).only).toBe('security');
  });

  it('refuses an unknown suite, naming the known ones, and --only client with --skip-client', () => {
    expect(() => parseOptions(['--only', 'clients'], {})).toThrow('--only clients: unknown suite (known: server, client, security)');
    expect(() => parseOptions(['--only'], {})).toThrow('unknown suite');
    expect(() => parseOptions(['--only', 'client', '--skip-client'], {})).toThrow('--only client and --skip-client');
  });
});

describe('suite selection', () => {
  it('runs everything by default, and no browser bench with --skip-client', () => {
    expect(selection([])).toEqual({ suites: ['server', 'security', 'client'], features: FEATURES });
    expect(selection(['--skip-client'])).toEqual({ suites: ['server', 'security', 'client'], features: ['feature-habits.mjs'] });
  });

  it('--only client: the client suite and the -client feature benches', () => {
    expect(selection(['--only', 'client'])).toEqual({ suites: ['client'], features: ['feature-habits-client.mjs', 'feature-notes-client.mjs'] });
  });

  it('--only server: the server suite and the feature benches without a browser', () => {
    expect(selection(['--only', 'server'])).toEqual({ suites: ['server'], features: ['feature-habits.mjs'] });
    expect(selection(['--only', 'server', '--skip-client'])).toEqual({ suites: ['server'], features: ['feature-habits.mjs'] });
  });

  it('--only security: that suite alone', () => {
    expect(selection(['--only', 'security'])).toEqual({ suites: ['security'], features: [] });
  });
});

describe('serverSizes', () => {
  it('keeps the full sizes and shortens pushes and the memory dataset with --quick', () => {
    const full = { bigUserTasks: 10_000, pushBatches: 40, pushBatchSize: 50, pullRuns: 5, pullPage: 5_000, logins: 50, rssUsers: 1_000, rssTasksPerUser: 1_000 };
    expect(serverSizes(false)).toEqual(full);
    expect(serverSizes(true)).toEqual({ ...full, pushBatches: 10, rssUsers: 100 });
  });
});
