import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Connect } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { earlyScript, minifyPublicScripts, PUBLIC_SCRIPTS, SCHEMA_PLACEHOLDER, withSchemaVersion } from '../vite-plugins/public-scripts';
import { AppDatabase } from '../src/db/database';
import { mutate } from '../src/db/mutate';
import { markLocalDatabase } from '../src/lib/early';

const PUBLIC = path.join(import.meta.dirname, '../public');
const SOURCE = readFileSync(path.join(PUBLIC, 'early.js'), 'utf8');

/** public/early.js as `vite build` writes it: the minify plugin's writeBundle over a copy of public/. */
function builtEarly(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'early-'));
  try {
    for (const name of PUBLIC_SCRIPTS) copyFileSync(path.join(PUBLIC, name), path.join(dir, name));
    const hook = minifyPublicScripts().writeBundle as (options: { dir: string }) => void;
    hook.call(undefined, { dir });
    return readFileSync(path.join(dir, 'early.js'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `/early.js` as the dev server answers it (the earlyScript plugin's middleware). */
function servedEarly(): string {
  let handler: Connect.SimpleHandleFunction | undefined;
  const server = { middlewares: { use: (route: string, fn: Connect.SimpleHandleFunction) => route === '/early.js' && (handler = fn) } };
  (earlyScript().configureServer as (s: unknown) => void)(server);
  let body = '';
  handler!({} as never, { setHeader: () => undefined, end: (text: string) => (body = text) } as never);
  return body;
}

const dbs: AppDatabase[] = [];
afterEach(async () => {
  delete window.__early;
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  await Promise.all(dbs.splice(0).map((d) => d.delete()));
});

/** Runs `script` on /tasks for a user whose database (opened by the app, at its schema) holds one task. */
async function runOnTasks(script: string) {
  const userId = `early-script-${Math.random()}`;
  const db = new AppDatabase(userId);
  dbs.push(db);
  await mutate(db, 'task.create', { id: 't1', title: 'One' });
  localStorage.setItem('auth_token', 'token-1');
  localStorage.setItem('auth_user', JSON.stringify({ _id: userId, email: 'a@example.com' }));
  markLocalDatabase(db.name);
  window.history.replaceState(null, '', '/tasks');
  new Function(script)();
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { db, early: window.__early };
}

describe("early.js carries the local schema's version from the build", () => {
  it('is written with a placeholder, not a version number', () => {
    expect(SOURCE).toContain(SCHEMA_PLACEHOLDER);
    expect(SOURCE).not.toMatch(/BUCKET_SCHEMA = \d/);
  });

  it.each([
    ['built (vite build)', builtEarly],
    ['served (vite dev)', servedEarly],
  ])('%s: reads the tasks of a database the app opened at its current version', async (_, make) => {
    const script = make();
    expect(script).not.toContain('%LOCAL_SCHEMA_IDB_VERSION%');
    const { db, early } = await runOnTasks(script);
    expect(early?.version).toBe(db.verno * 10);
    // The rows' JSON texts, parsed by the app when it takes them.
    const texts = (await early?.tasks) ?? [];
    expect(texts.map((json) => JSON.parse(json) as unknown)).toEqual([expect.objectContaining({ id: 't1' })]);
  });

  it('refuses a script without the placeholder, so a build cannot ship a stale number', () => {
    expect(() => withSchemaVersion('var BUCKET_SCHEMA = 30;')).toThrow(/placeholder|LOCAL_SCHEMA_IDB_VERSION/);
  });
});
