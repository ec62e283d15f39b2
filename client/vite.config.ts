import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyScript, minifyPublicScripts } from './vite-plugins/public-scripts.ts';
import { stylesheetAfterShell } from './vite-plugins/stylesheet-after-shell.ts';

const API = process.env.API_URL ?? 'http://127.0.0.1:3000';

/** What /debug shows for support: the client's version and this build (`BUILD_ID`, else the time it was built). */
const BUILD = {
  version: (JSON.parse(readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8')) as { version: string }).version,
  id: process.env.BUILD_ID || new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
};

/** The screens a start can open on: their chunks run at start-up too (routes.tsx preloads the current one). */
const START_SCREENS = ['features/dashboard/screens.ts', 'features/tasks/screens.ts', 'features/habits/screens.ts', 'features/notes/screens.ts', 'features/tags/screens.ts'];

/**
 * V8's explicit compile hint (Chrome 136+): `//# allFunctionsCalledOnLoad` as a file's first line has its
 * functions compiled on the thread that streams the script, and kept in the code cache that Chrome makes when the
 * service worker stores the file, instead of compiled one by one on the main thread the first time each runs.
 * Given to the chunks a start runs: the entry and the start screens, with everything they import statically.
 * Measured with `npm run bench` (metric 10): an offline start 80–150 ms sooner. Other browsers ignore the comment.
 */
/**
 * What a start on each screen loads after the entry: the screen's chunk with its imports, and each language's
 * catalog. Written into index.html as `<meta name="start-chunks">` (JSON), so public/early.js can ask for them from
 * `<head>`, alongside the entry's own files, instead of after the entry has run and asked for them itself: a
 * second wave of requests to the service worker's cache. The same files load either way.
 */
/**
 * The modules every start runs — the entry and everything it imports statically — go into one chunk. Left to
 * itself the bundler splits them by which lazy screens share them: 17 files at start-up, each gzipped alone
 * (about 6 KiB more than one file) and each a request and a module record. The set is computed from the module
 * graph once it is built (`buildEnd`) and read by the `start` group of `build.rolldownOptions.output.codeSplitting`.
 */
const startModules = new Set<string>();
function startGroup(): Plugin {
  return {
    name: 'start-group',
    apply: 'build',
    buildEnd() {
      startModules.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const queue = entries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (startModules.has(id)) continue;
        startModules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

function startChunks(): Plugin {
  const tag = '<script src="/early.js"></script>';
  return {
    name: 'start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        if (!html.includes(tag)) throw new Error(`index.html no longer loads the head start with ${tag}`);
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (files: string[]) => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            if (seen.has(file)) return;
            seen.add(file);
            for (const dep of byFile.get(file)?.imports ?? []) visit(dep);
          };
          files.forEach(visit);
          return seen;
        };
        const initial = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
        const filesOf = (test: (id: string) => boolean) =>
          [...closure(chunks.filter((c) => c.facadeModuleId && test(c.facadeModuleId)).map((c) => c.fileName))].filter((f) => !initial.has(f)).map((f) => `/${f}`);
        const map = {
          screens: Object.fromEntries(START_SCREENS.map((s) => [`/${path.basename(path.dirname(s))}`, filesOf((id) => id.endsWith(s))])),
          locales: { en: filesOf((id) => id.endsWith('locales/en/messages.po')), ru: filesOf((id) => id.endsWith('locales/ru/messages.po')) },
        };
        for (const [name, files] of [...Object.entries(map.screens), ...Object.entries(map.locales)]) {
          if (files.length === 0) throw new Error(`start-chunks: no chunk found for ${name}`);
        }
        const json = JSON.stringify(map).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
        return html.replace(tag, `<meta name="start-chunks" content="${json}" />\n    ${tag}`);
      },
    },
  };
}

/** START_REPORT=1 (a diagnostic, off by default): prints the start chunk's bytes by package and its 40 largest modules. */
function startReport(): Plugin {
  return {
    name: 'start-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (process.env.START_REPORT !== '1') return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || (chunk.name !== 'start' && !chunk.isEntry)) continue;
        const rows = Object.entries(chunk.modules).map(([id, m]) => [m.renderedLength, path.relative(import.meta.dirname, id)] as const);
        const total = rows.reduce((sum, [n]) => sum + n, 0);
        const byPackage = new Map<string, number>();
        for (const [n, id] of rows) {
          const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? (id.startsWith('src/') ? `src/${id.split('/')[1]}` : id.split('/').slice(0, 2).join('/'));
          byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + n);
        }
        console.log(`start chunk ${chunk.fileName}: ${rows.length} modules, ${total} bytes rendered`);
        for (const [pkg, n] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${String(n).padStart(8)}  ${pkg}`);
        for (const [n, id] of [...rows].sort((a, b) => b[0] - a[0]).slice(0, 40)) console.log(`  ${String(n).padStart(8)}  ${id}`);
      }
    },
  };
}

function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    // After the files are written: Vite prefixes some chunks (`const __vite__mapDeps=…`) after generateBundle,
    // and the comment must be the file's first line. The service worker's precache list is made after this.
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const start = chunks.filter((c) => c.isEntry || START_SCREENS.some((s) => c.facadeModuleId?.endsWith(s)));
      const marked = new Set<string>();
      const visit = (file: string) => {
        if (marked.has(file)) return;
        marked.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) visit(dep);
      };
      for (const c of start) visit(c.fileName);
      for (const file of marked) {
        const target = path.join(options.dir!, file);
        writeFileSync(target, `//# allFunctionsCalledOnLoad\n${readFileSync(target, 'utf8')}`);
      }
    },
  };
}

export default defineConfig({
  resolve: { conditions: ['source'] },
  define: { __APP_BUILD__: JSON.stringify(BUILD) },
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui({ configPath: path.join(import.meta.dirname, 'lingui.config.ts') }),
    tailwindcss(),
    compileHints(),
    startChunks(),
    stylesheetAfterShell(),
    startGroup(),
    startReport(),
    minifyPublicScripts(),
    earlyScript(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false, // registered by src/app/service-worker.ts with workbox-window
      manifest: {
        name: 'ADHD SuperApp',
        short_name: 'SuperApp',
        description: 'Tasks, habits, notes and calendar that work offline — built for ADHD brains.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: '#6200EA',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The app's shortcut (long press on the icon) opens the capture field directly.
        shortcuts: [
          {
            name: 'New inbox item',
            short_name: 'Capture',
            description: 'Capture a thought into the inbox',
            url: '/inbox?capture=1',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        // Text shared from another app lands in the inbox (client route /inbox/share, served offline by the
        // service worker's navigation fallback).
        share_target: { action: '/inbox/share', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,ico,woff2}'],
        // The prerendered landing (docs/public-site.md) is for first visits; installed apps render / themselves.
        globIgnores: ['landing/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/brainrot\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        // Static routes for the hashed assets (public/sw-routes.js).
        importScripts: ['/sw-routes.js'],
      },
    }),
  ],
  server: { proxy: { '/api': { target: API, changeOrigin: false } } },
  // The server swaps this placeholder for a fresh nonce in every index.html it serves (CSP for the <style>
  // elements that Radix's scroll lock injects at run time).
  html: { cspNonce: 'CSP_NONCE_PLACEHOLDER' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the app supports (es2022: Chrome 94+, Safari 17+, Firefox 115+) has <link rel="modulepreload">
    // natively; the polyfill was 0.5 KiB of the start-up JS for nothing.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'start', test: (id: string) => startModules.has(id) }] } } },
  },
});
