import type { Plugin } from 'vite';

/**
 * The stylesheet's `<link>` goes at the end of `<body>`, after the app shell (issue 17): a stylesheet linked from
 * `<head>` holds the first paint until it is fetched and parsed (76 KB, the style pass over its whole rule set),
 * while the shell needs only the few rules inline in index.html (its own, the theme's colours and the page's
 * base). A stylesheet in `<body>` holds only what follows it, and the app's module scripts still run only once
 * it has loaded (scripts wait for the style sheets the parser met before them), so the app never renders unstyled.
 */
export function stylesheetAfterShell(): Plugin {
  return {
    name: 'stylesheet-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => (ctx.bundle ? linkStylesheetsAfterShell(html) : html),
    },
  };
}

/** `html` with its stylesheet links moved from wherever they are to the end of `<body>`, in their order. */
export function linkStylesheetsAfterShell(html: string): string {
  const links = [...html.matchAll(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g)].map((m) => m[0]);
  if (links.length === 0) throw new Error('stylesheet-after-shell: index.html links no stylesheet');
  if (!html.includes('</body>')) throw new Error('stylesheet-after-shell: index.html has no </body>');
  let out = html;
  for (const link of links) out = out.replace(link, '');
  return out.replace('</body>', `  ${links.map((l) => l.trim()).join('\n    ')}\n  </body>`);
}
