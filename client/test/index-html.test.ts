import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkStylesheetsAfterShell } from '../vite-plugins/stylesheet-after-shell';

const INDEX = readFileSync(path.join(import.meta.dirname, '../index.html'), 'utf8');
const STYLES = readFileSync(path.join(import.meta.dirname, '../src/styles.css'), 'utf8');
const SHELL_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/.exec(INDEX)![1]!;

/** `--name: value` declarations of the first block after `selector` in `css`. */
function variables(css: string, selector: RegExp): Map<string, string> {
  const block = new RegExp(`${selector.source}\\s*\\{([^}]*)\\}`).exec(css)?.[1];
  if (!block) throw new Error(`no block ${selector}`);
  return new Map([...block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim().toLowerCase()]));
}

describe('index.html: the shell painted before the stylesheet', () => {
  it("sets the theme's colours as src/styles.css does, light and dark", () => {
    for (const [inline, source] of [
      [/:root/, /@theme/],
      [/\.dark/, /\n\.dark/],
    ] as const) {
      const mine = variables(SHELL_STYLE, inline);
      expect(mine.size).toBeGreaterThan(3);
      const theirs = variables(STYLES, source);
      for (const [name, value] of mine) expect(value, name).toBe(theirs.get(name));
    }
  });

  it('uses every colour variable it sets, and sets every one the shell uses', () => {
    const used = new Set([...SHELL_STYLE.matchAll(/var\((--[\w-]+)\)/g)].map((m) => m[1]!));
    expect([...variables(SHELL_STYLE, /:root/).keys()].sort()).toEqual([...used].sort());
  });

  it("sets the body's font stack as src/styles.css does", () => {
    const font = (css: string) => /\bbody\s*\{[^}]*font-family:\s*([^;]+);/.exec(css)?.[1];
    expect(font(SHELL_STYLE)).toBeTruthy();
    expect(font(SHELL_STYLE)).toBe(font(STYLES));
  });

  it('declares the cascade layers in the order Tailwind emits them (the reset does not outrank utilities)', () => {
    expect(SHELL_STYLE).toContain('@layer properties, theme, base, components, utilities;');
    expect(SHELL_STYLE).toMatch(/@layer base \{ \*, ::before, ::after \{ box-sizing: border-box; \}/);
  });
});

describe('stylesheet-after-shell', () => {
  const built = `<html>\n  <head>\n    <style>.shell{}</style>\n    <script type="module" src="/assets/start.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/start.css" nonce="N">\n  <link rel="manifest" href="/manifest.webmanifest"></head>\n  <body>\n    <div id="root"><div class="shell"></div></div>\n  </body>\n</html>\n`;

  it("moves the stylesheet's link to the end of <body>, after the shell, and leaves the rest", () => {
    const html = linkStylesheetsAfterShell(built);
    expect(html).toBe(
      `<html>\n  <head>\n    <style>.shell{}</style>\n    <script type="module" src="/assets/start.js"></script>\n  <link rel="manifest" href="/manifest.webmanifest"></head>\n  <body>\n    <div id="root"><div class="shell"></div></div>\n    <link rel="stylesheet" crossorigin href="/assets/start.css" nonce="N">\n  </body>\n</html>\n`,
    );
    expect(html.indexOf('rel="stylesheet"')).toBeGreaterThan(html.indexOf('class="shell"'));
  });

  it('fails the build when there is no stylesheet to move', () => {
    expect(() => linkStylesheetsAfterShell('<html><body></body></html>')).toThrow(/no stylesheet/);
  });
});
