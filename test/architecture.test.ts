import path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

describe('import cycles', () => {
  it('client/src, server/src and shared/src have none, type-only imports included', async () => {
    const tree = await parseDependencyTree(['client/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'shared/src/**/*.ts'], {
      context: root,
      cwd: root,
      transform: false,
      skipDynamicImports: false,
    });
    expect(Object.keys(tree).length).toBeGreaterThan(300);
    expect(parseCircular(tree)).toEqual([]);
  });
});

describe('ESLint rules (eslint.config.js)', () => {
  const eslint = new ESLint({ cwd: root });
  /** The rules that fire for `code` as if it were the file `file` (which need not exist). */
  async function rulesFor(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages.map((m) => m.ruleId ?? m.message);
  }

  it('lets a feature import another only through its index.ts', async () => {
    expect(await rulesFor('client/src/features/tasks/x.ts', "export { TagChips } from '../tags/components/tag-chips';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rulesFor('client/src/features/tasks/x.ts', "export { TagChips } from '../tags';\n")).toEqual([]);
    expect(await rulesFor('client/src/features/tasks/x.ts', "export const load = () => import('../tags/screens');\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('lets app/ load a feature screen only lazily, through screens.ts', async () => {
    expect(await rulesFor('client/src/app/x.tsx', "export const load = () => import('../features/tags/screens');\n")).toEqual([]);
    expect(await rulesFor('client/src/app/x.tsx', "export const load = () => import('../features/tags/tags-screen');\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rulesFor('client/src/app/x.tsx', "export { TagsScreen } from '../features/tags/screens';\n")).toEqual(['no-restricted-imports']);
  });

  it('keeps lib/, db/, components/ and session/ free of features and app/', async () => {
    for (const room of ['lib', 'db', 'components/ui', 'session']) {
      const up = room.includes('/') ? '../..' : '..';
      expect(await rulesFor(`client/src/${room}/x.ts`, `export { TagChips } from '${up}/features/tags';\n`)).toEqual(['import-x/no-restricted-paths']);
      expect(await rulesFor(`client/src/${room}/x.ts`, `export { AppRoutes } from '${up}/app/routes';\n`)).toEqual(['import-x/no-restricted-paths']);
    }
  });

  it("lets a server module import another only through that module's declared files", async () => {
    expect(await rulesFor('server/src/modules/tasks/x.ts', "export { findEntity } from '../sync/repository.js';\n")).toEqual([]);
    expect(await rulesFor('server/src/modules/tasks/x.ts', "export { ServerTx } from '../sync/server-tx.js';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rulesFor('server/src/modules/tags/x.ts', "export { taskRoutes } from '../tasks/routes.js';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses untranslated words in JSX text and user-facing attributes', async () => {
    const file = 'client/src/features/tasks/x.tsx';
    expect(await rulesFor(file, 'export const A = () => <p>Save changes</p>;\n')).toEqual(['no-restricted-syntax']);
    expect(await rulesFor(file, "export const A = () => <p>{'Save'}</p>;\n")).toEqual(['no-restricted-syntax']);
    expect(await rulesFor(file, 'export const A = () => <input placeholder="Search tasks" aria-label="Search" />;\n')).toEqual([
      'no-restricted-syntax',
      'no-restricted-syntax',
    ]);
    const translated = "import { Trans } from '@lingui/react/macro';\nexport const A = () => <p title={String(1)} className=\"text-sm\"><Trans>Save changes</Trans> · 3</p>;\n";
    expect(await rulesFor(file, translated)).toEqual([]);
  });
});
