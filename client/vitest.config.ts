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
    // One jsdom and one copy of the packages for all files (test/setup.ts gives each file fresh app modules,
    // storage, IndexedDB and document): several minutes less per run than a new worker per file.
    isolate: false,
    // Radix keeps its open layers (and the body's pointer-events it saved) in module state: loaded through Vite,
    // not Node, so test/setup.ts's resetModules gives each file a fresh copy.
    server: { deps: { inline: [/[\\/]radix-ui[\\/]/, /[\\/]@radix-ui[\\/]/] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
