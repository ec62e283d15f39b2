import { defineConfig } from 'vitest/config';
import { defaultServerConditions } from 'vite';

const conditions = ['source', ...defaultServerConditions];

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
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
