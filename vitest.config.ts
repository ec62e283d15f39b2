import { defineConfig } from 'vitest/config';
import { defaultServerConditions } from 'vite';
import clientConfig from './client/vitest.config.js';

const conditions = ['source', ...defaultServerConditions];

/**
 * The server suite and the client-engine suite also run on PostgreSQL (issue 14) when `TEST_DATABASE_URL` names
 * a database they may fill with throwaway schemas (`.ci/run` starts a throwaway cluster: scripts/pg-throwaway.sh).
 * Without it they are not run, and the run says so loudly at its start and its end; with `REQUIRE_POSTGRES=1`
 * (set by `.ci/run`) a missing URL fails the run instead.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const PG_MISSING = [
  '',
  '!!! The PostgreSQL suites (server-pg, client-pg) were NOT run: TEST_DATABASE_URL is not set.',
  '!!! Start a throwaway cluster with `scripts/pg-throwaway.sh start /tmp/pg` and export the URL it prints.',
  '',
].join('\n');
if (!pgUrl && process.env.REQUIRE_POSTGRES === '1') throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
if (!pgUrl) console.warn(PG_MISSING);

/** Server tests that are about SQLite itself (its file, locks, pragmas, FTS5 rowids, upgrades of old files). */
const SQLITE_ONLY = [
  'test/store.test.ts',
  'test/data-dir.test.ts',
  'test/fts-restore.test.ts',
  'test/migrations.test.ts',
  'test/group-commit-crash.test.ts',
  // Its child servers run on the embedded file whichever project starts them (SQLite's own crash safety).
  'test/crash.test.ts',
  'src/db/migrations/0005_user_limits.test.ts',
  // The SQLite backup and restore, and the move from SQLite (its PostgreSQL half runs in the SQLite project).
  'test/backup.test.ts',
  'test/migrate-store.test.ts',
  'test/live-rows-plan.test.ts',
  // Per-request state of the HTTP layer (its requests never reach the store): once is enough.
  'test/bounded-state.test.ts',
];


const serverTests = ['src/**/*.test.ts', 'test/**/*.test.ts'];
/** Tests of several instances sharing one PostgreSQL (LISTEN/NOTIFY, advisory locks, parallel pushers). */
const PG_ONLY = ['test/pg/**', 'test/backup-pg.test.ts'];
const pgEnv = { ADHD_TEST_STORE: 'postgres', TEST_DATABASE_URL: pgUrl ?? '' };
/**
 * The server suites share one worker's modules across files (each file still builds its own app and store):
 * about half of the server projects' time was every file loading Fastify and the app again. test/setup.ts resets
 * what a file could leave process-wide.
 */
const sharedWorker = { isolate: false, setupFiles: ['./test/setup.ts'] };

export default defineConfig({
  test: {
    projects: [
      './client/vitest.config.ts',
      {
        resolve: { conditions },
        ssr: { resolve: { conditions } },
        test: {
          name: 'e2e',
          root: './client',
          include: ['test/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { conditions },
        ssr: { resolve: { conditions } },
        test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'] },
      },
      // The bench scripts' option parsing and outputs (scripts/bench.mjs, bench/**): no server, no browser.
      { test: { name: 'bench', root: './bench', include: ['test/**/*.test.mjs'], environment: 'node' } },
      // Whole-repository checks: import cycles and the ESLint rules (test/architecture.test.ts).
      { test: { name: 'repo', include: ['test/**/*.test.ts'], testTimeout: 60_000 } },
      {
        resolve: { conditions },
        ssr: { resolve: { conditions } },
        test: {
          name: 'server',
          root: './server',
          include: serverTests,
          exclude: PG_ONLY,
          ...sharedWorker,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      ...(pgUrl
        ? [
            {
              resolve: { conditions },
              ssr: { resolve: { conditions } },
              test: {
                name: 'server-pg',
                root: './server',
                include: serverTests,
                exclude: SQLITE_ONLY,
                ...sharedWorker,
                env: pgEnv,
                testTimeout: 30_000,
                hookTimeout: 30_000,
              },
            },
            // The client's own config (plugins, jsdom, setup files) with only the engine tests, which run the real server.
            { ...clientConfig, test: { ...clientConfig.test, name: 'client-pg', include: ['test/engine/**/*.test.ts'], env: pgEnv } },
          ]
        : []),
    ],
    reporters: ['default', { onTestRunEnd: () => void (pgUrl ? undefined : console.warn(PG_MISSING)) }],
  },
});
