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
        test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'] },
      },
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
