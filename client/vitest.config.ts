import path from 'node:path';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The macro plugin and the catalog loader look for lingui.config.ts from the working directory, which is the
// repository root when the root Vitest runs every project.
process.env.LINGUI_CONFIG ??= path.join(import.meta.dirname, 'lingui.config.ts');

export default defineConfig({
  plugins: [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui({ configPath: path.join(import.meta.dirname, 'lingui.config.ts') })],
  resolve: { conditions: ['source', 'browser'] },
  test: {
    name: 'client',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**'],
    setupFiles: ['fake-indexeddb/auto', './test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
