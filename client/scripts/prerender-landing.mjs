// The landing page as static HTML, one file per language (docs/public-site.md): run after `vite build` (the
// client's `build` script). Renders src/features/site/prerender.tsx through Vite's SSR loader (the same plugins:
// Lingui macros and catalogs) and writes dist/landing/en.html and dist/landing/ru.html with the built stylesheet,
// the icons and public/landing.js. The server sends them for `/` with a nonce and the page's head
// (server/src/plugins/static-client.ts); everything else stays the app (dist/index.html).
// Usage: node scripts/prerender-landing.mjs [outDir]   (default client/dist; the e2e harness and the benches pass
// their own build folder).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';

const client = path.resolve(import.meta.dirname, '..');
const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.join(client, 'dist');
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const styles = [...index.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
if (styles.length === 0) throw new Error('prerender-landing: dist/index.html links no stylesheet');
const themeColors = [...index.matchAll(/<meta name="theme-color"[^>]*>/g)].map((m) => m[0]);

/** Hides what does not apply before the first paint: landing.js sets the classes from <head>. */
const HIDE =
  'html.signed-in [data-when=out],html:not(.signed-in) [data-when=in],html.no-registration [data-feature=registration],' +
  'html.no-news [data-feature=news],html.no-feedback [data-feature=feedback]{display:none!important}';

const page = (locale, body) => `<!doctype html>
<html lang="${locale}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    ${themeColors.join('\n    ')}
    <link rel="icon" type="image/png" href="/icons/icon-192.png" />
    <link rel="apple-touch-icon" href="/icons/icon-192.png" />
    <title>ADHD SuperApp</title>
    <script src="/landing.js"></script>
    ${styles.join('\n    ')}
    <style nonce="CSP_NONCE_PLACEHOLDER">${HIDE}</style>
  </head>
  <body>
    <div id="root">${body}</div>
  </body>
</html>
`;

const server = await createServer({
  configFile: path.join(client, 'vite.config.ts'),
  root: client,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { renderLandingBody } = await server.ssrLoadModule('/src/features/site/prerender.tsx');
  mkdirSync(path.join(dist, 'landing'), { recursive: true });
  for (const locale of ['en', 'ru']) {
    const { messages } = await server.ssrLoadModule(`/src/locales/${locale}/messages.po`);
    const html = page(locale, renderLandingBody(locale, messages));
    writeFileSync(path.join(dist, 'landing', `${locale}.html`), html);
    console.log(`prerender-landing: dist/landing/${locale}.html (${(html.length / 1024).toFixed(1)} KiB)`);
  }
} finally {
  await server.close();
}
