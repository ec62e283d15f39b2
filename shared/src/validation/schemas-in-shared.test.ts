import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 12, point 1: route inputs live in `shared/src/<domain>/schema.ts`, where the linear-time walks find them;
 * the server may not build its own.
 */

describe('no input schema is defined outside shared/, where the walks above find it', () => {
  /** zod calls that use a schema rather than build one. */
  const USES = new Set(['safeParse', 'parse', 'safeParseAsync', 'parseAsync', 'treeifyError', 'prettifyError', 'flattenError']);
  const serverSrc = new URL('../../../server/src/', import.meta.url);

  /** Each schema built in a server source: the variable it is assigned to, or its line. */
  function builtSchemas(file: string): string[] {
    const source = ts.createSourceFile(file, readFileSync(new URL(file, serverSrc), 'utf8'), ts.ScriptTarget.Latest, true);
    const found = new Set<string>();
    const visit = (node: ts.Node): void => {
      const callee = ts.isCallExpression(node) ? node.expression : undefined;
      if (callee && ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'z' && !USES.has(callee.name.text)) {
        let owner: ts.Node | undefined = node;
        while (owner && !ts.isVariableDeclaration(owner)) owner = owner.parent;
        found.add(owner ? `${file}#${(owner as ts.VariableDeclaration).name.getText()}` : `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return [...found];
  }

  it('server/src builds only the two number-or-shared-field schemas of its REST helpers', () => {
    const files = (readdirSync(serverSrc, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts') && !f.startsWith('test/'))
      .sort();
    expect(files).toContain('modules/notes/routes.ts');
    // Route-local schemas are invisible to the linear-time walks: they belong in shared/src/<domain>/schema.ts.
    expect(files.flatMap(builtSchemas)).toEqual(['lib/rest-update.ts#bodyVersion', 'lib/validate.ts#idParams']);
  });
});
