// Every bench source file stays under the repository's 300-line limit.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function sources(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : sources(rel);
    return /\.(mjs|js|ts)$/.test(e.name) ? [rel] : [];
  });
}

it('no file under bench/ or scripts/ has more than 300 lines', () => {
  const files = [...sources('bench'), ...sources('scripts')];
  expect(files).toContain(path.join('scripts', 'bench.mjs'));
  const long = files.map((f) => [f, readFileSync(path.join(root, f), 'utf8').split('\n').length - 1]).filter(([, n]) => n > 300);
  expect(long).toEqual([]);
});
