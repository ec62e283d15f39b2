import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync, type Plugin } from 'vite';
import { LOCAL_SCHEMA_IDB_VERSION } from '../src/db/schema-versions.ts';

/**
 * `public/early.js` reads the tasks' bucket records only from a database at the version the app opens, which
 * it cannot import (a classic script that runs before the app's modules). It is written with this placeholder,
 * and the build and the dev server hand it out with the number in its place (`minifyPublicScripts`,
 * `earlyScript`): the version is declared once, in db/schema-versions.ts. As written, the placeholder is NaN,
 * so an unprocessed copy never reads anything (the app then reads the tasks itself).
 */
export const SCHEMA_PLACEHOLDER = "Number('%LOCAL_SCHEMA_IDB_VERSION%')";

/** early.js's source with the current IndexedDB version of the local schema in place of the placeholder. */
export function withSchemaVersion(source: string): string {
  if (!source.includes(SCHEMA_PLACEHOLDER)) throw new Error(`early.js: no ${SCHEMA_PLACEHOLDER} to replace`);
  return source.replaceAll(SCHEMA_PLACEHOLDER, String(LOCAL_SCHEMA_IDB_VERSION));
}

/** The classic scripts of public/ the build minifies (`landing.js`: the prerendered landing page's one script). */
export const PUBLIC_SCRIPTS = ['early.js', 'sw-routes.js', 'landing.js'] as const;

/**
 * The classic scripts of public/ that the first paint runs (`early.js`, the head start, and `sw-routes.js`,
 * which the service worker imports) are copied as written, comments and all; they are minified here once
 * written (Oxc, through Vite; their top-level names are kept, as scripts share the global scope). `early.js`:
 * 3.7 KiB gzip as written, 1.5 KiB minified (metric 15), with the local schema's version written in
 * (`withSchemaVersion`). The service worker's precache list is made after this.
 */
export function minifyPublicScripts(): Plugin {
  return {
    name: 'minify-public-scripts',
    apply: 'build',
    enforce: 'post',
    writeBundle(options) {
      for (const name of PUBLIC_SCRIPTS) {
        const file = path.join(options.dir!, name);
        const source = readFileSync(file, 'utf8');
        const script = name === 'early.js' ? withSchemaVersion(source) : source;
        const { code, errors } = minifySync(name, script, { compress: true, mangle: { toplevel: false } });
        if (errors.length) throw new Error(`minify ${name}: ${errors.map((e) => e.message).join('; ')}`);
        writeFileSync(file, code);
      }
    },
  };
}

/**
 * The dev server's `/early.js`: public/early.js with the local schema's version written in
 * (`withSchemaVersion`), as the build writes it (minifyPublicScripts).
 */
export function earlyScript(): Plugin {
  return {
    name: 'early-script',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/early.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(withSchemaVersion(readFileSync(path.join(import.meta.dirname, '../public/early.js'), 'utf8')));
      });
    },
  };
}
