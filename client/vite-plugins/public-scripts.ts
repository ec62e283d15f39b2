import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync, type Plugin } from 'vite';
import { withSchemaVersion } from '../src/lib/early-script';

/**
 * The classic scripts of public/ that the first paint runs (`early.js`, the head start, and `sw-routes.js`,
 * which the service worker imports) are copied as written, comments and all; they are minified here once
 * written (Oxc, through Vite; their top-level names are kept, as scripts share the global scope). `early.js`:
 * 3.7 KiB gzip as written, 1.5 KiB minified (metric 15), with the local schema's version written in
 * (src/lib/early-script.ts). The service worker's precache list is made after this.
 */
export function minifyPublicScripts(): Plugin {
  return {
    name: 'minify-public-scripts',
    apply: 'build',
    enforce: 'post',
    writeBundle(options) {
      for (const name of ['early.js', 'sw-routes.js']) {
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
 * (src/lib/early-script.ts), as the build writes it (minifyPublicScripts).
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
