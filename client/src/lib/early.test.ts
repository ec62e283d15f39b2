import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDatabase, databaseName, type LocalRow } from '../db/database';
import { mutate } from '../db/mutate';
import { BUCKETS, toBuckets } from '../db/buckets';
import { earlyClientId, markLocalDatabase, takeEarlyResponse, takeEarlyTasks } from './early';
import { withSchemaVersion } from '../../vite-plugins/public-scripts';

/** public/early.js, run in this page (jsdom + fake-indexeddb) as the browser runs it from <head>. */
const EARLY = withSchemaVersion(readFileSync(path.join(import.meta.dirname, '../../public/early.js'), 'utf8'));

const dbs: AppDatabase[] = [];
afterEach(async () => {
  delete window.__early;
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  await Promise.all(dbs.splice(0).map((d) => d.delete()));
});

function signIn(userId: string) {
  localStorage.setItem('auth_token', 'token-1');
  localStorage.setItem('auth_user', JSON.stringify({ _id: userId, email: 'a@example.com' }));
}

const databases = async () => (await indexedDB.databases()).map((d) => d.name);

describe('head start: the start chunks', () => {
  const MAP = {
    screens: { '/tasks': ['/assets/tasks-screen-1.js', '/assets/shared-1.js'], '/notes': ['/assets/notes-screen-1.js', '/assets/shared-1.js'] },
    locales: { en: ['/assets/messages-en.js'], ru: ['/assets/messages-ru.js'] },
  };
  afterEach(() => {
    document.head.innerHTML = '';
    document.cookie = 'locale=; max-age=0; path=/';
  });
  const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname);

  /** Runs early.js as <head> does; the preloads are asked for after the first frame (or 250 ms): both are waited for. */
  async function start(path: string, signedIn = true) {
    const meta = document.createElement('meta');
    meta.name = 'start-chunks';
    meta.content = JSON.stringify(MAP);
    document.head.appendChild(meta);
    if (signedIn) signIn(`early-${Math.random()}`);
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    window.history.replaceState(null, '', path);
    new Function(EARLY)();
    expect(preloads()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  it("asks for the current screen's chunks and the catalog of the language the app will start in, after the first frame", async () => {
    document.cookie = 'locale=ru; path=/';
    await start('/tasks?id=t1');
    expect(preloads()).toEqual(['/assets/tasks-screen-1.js', '/assets/shared-1.js', '/assets/messages-ru.js']);
  });

  it('matches sub-paths of a screen, and takes English without a cookie in an English browser', async () => {
    await start('/notes/folder-1');
    expect(preloads()).toEqual(['/assets/notes-screen-1.js', '/assets/shared-1.js', '/assets/messages-en.js']);
  });

  it('asks for nothing when signed out (the page goes to the login screen)', async () => {
    await start('/tasks', false);
    expect(preloads()).toEqual([]);
  });
});

describe('head start: public/early.js and lib/early.ts', () => {
  it('reads the tasks on /tasks when the database is known, and the task cache can take the read once', async () => {
    const userId = `early-${Math.random()}`;
    const db = new AppDatabase(userId);
    dbs.push(db);
    await mutate(db, 'task.create', { id: 't1', title: 'One' });
    await mutate(db, 'task.create', { id: 't2', title: 'Two' });
    signIn(userId);
    markLocalDatabase(db.name);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    window.history.replaceState(null, '', '/tasks?id=t1');

    new Function(EARLY)();
    expect(window.__early?.db).toBe(databaseName(userId));
    await vi.waitFor(() => expect(window.__early?.tasks).toBeDefined());
    const read = takeEarlyTasks(db.name, db.verno * 10);
    expect(read).not.toBeNull();
    const rows = ((await read) ?? []).map((json) => JSON.parse(json) as LocalRow);
    expect(rows.map((r) => r.data.title).sort()).toEqual(['One', 'Two']);
    // Taken once; nothing was sent (this device already has the data).
    expect(takeEarlyTasks(db.name, db.verno * 10)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reads every bucket record of a large table, a chunk of records at a time', async () => {
    const userId = `early-${Math.random()}`;
    const db = new AppDatabase(userId);
    dbs.push(db);
    await db.open();
    const now = new Date().toISOString();
    const rows = Array.from({ length: 500 }, (_, i) => ({ id: `t${i}`, data: { title: `T${i}` }, deleted: 0, createdAt: now, updatedAt: now, version: i + 1, parentId: null }));
    // Raw records, as the bucket middleware stores them: 500 rows fill all 64 buckets (four chunks of 16).
    const records = toBuckets(rows);
    expect(records.length).toBe(BUCKETS);
    await new Promise<void>((resolve, reject) => {
      const tx = db.backendDB().transaction('tasks', 'readwrite');
      for (const r of records) tx.objectStore('tasks').put(r);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    signIn(userId);
    markLocalDatabase(db.name);
    vi.stubGlobal('fetch', vi.fn());
    window.history.replaceState(null, '', '/dashboard');
    new Function(EARLY)();
    await vi.waitFor(() => expect(window.__early?.tasks).toBeDefined());
    const texts = (await takeEarlyTasks(db.name, db.verno * 10)) ?? [];
    expect(texts.map((json) => (JSON.parse(json) as LocalRow).id).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('reads nothing on other screens, and never for another database or version', async () => {
    const userId = `early-${Math.random()}`;
    const db = new AppDatabase(userId);
    dbs.push(db);
    await mutate(db, 'task.create', { id: 't1', title: 'One' });
    signIn(userId);
    markLocalDatabase(db.name);
    window.history.replaceState(null, '', '/notes');
    new Function(EARLY)();
    await new Promise((r) => setTimeout(r, 50));
    expect(window.__early?.tasks).toBeUndefined();

    window.history.replaceState(null, '', '/tasks');
    new Function(EARLY)();
    await vi.waitFor(() => expect(window.__early?.tasks).toBeDefined());
    expect(takeEarlyTasks('app-someone-else', db.verno * 10)).toBeNull();
    expect(takeEarlyTasks(db.name, 10)).toBeNull();
  });

  it('does not create a database it expected but that is gone', async () => {
    const userId = `early-${Math.random()}`;
    signIn(userId);
    markLocalDatabase(databaseName(userId));
    vi.stubGlobal('fetch', vi.fn());
    window.history.replaceState(null, '', '/tasks');
    new Function(EARLY)();
    await new Promise((r) => setTimeout(r, 100));
    expect(await databases()).not.toContain(databaseName(userId));
    expect(window.__early?.tasks).toBeUndefined();
  });

  it('starts a first sync only when signed in, online, on a device without the database', async () => {
    const fetchSpy = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchSpy);
    new Function(EARLY)();
    expect(window.__early).toBeUndefined();
    expect(fetchSpy).not.toHaveBeenCalled();

    const userId = `early-${Math.random()}`;
    signIn(userId);
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    new Function(EARLY)();
    expect(window.__early?.fresh).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();

    vi.stubGlobal('fetch', fetchSpy);
    new Function(EARLY)();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const clientId = earlyClientId(databaseName(userId));
    expect(clientId).toMatch(/^c_[0-9a-f]{32}$/);
    expect(earlyClientId('app-other')).toBeNull();
    const body = String((fetchSpy.mock.calls[0] as unknown as [string, RequestInit])[1].body);
    // Only the exact request is answered from it, once.
    expect(takeEarlyResponse('/api/sync/pull', body.replace('"cursor":0', '"cursor":1'))).toBeNull();
    expect(takeEarlyResponse('/api/sync/push', body)).toBeNull();
    expect(takeEarlyResponse('/api/sync/pull', body)).not.toBeNull();
    expect(takeEarlyResponse('/api/sync/pull', body)).toBeNull();
  });
});

describe('head start: the shell in index.html', () => {
  const classes = () => [...document.documentElement.classList];
  afterEach(() => {
    document.documentElement.className = '';
  });

  it('paints in the stored theme, or the system one, and marks a stored session for the navigation placeholder', () => {
    document.documentElement.className = '';
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    localStorage.setItem('theme', 'dark');
    new Function(EARLY)();
    expect(classes()).toEqual(['dark']);
    document.documentElement.className = '';
    localStorage.setItem('theme', 'system');
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' }));
    signIn(`early-${Math.random()}`);
    new Function(EARLY)();
    expect(classes()).toEqual(['dark', 'shell-session']);
    document.documentElement.className = '';
    localStorage.setItem('theme', 'light');
    new Function(EARLY)();
    expect(classes()).toEqual(['shell-session']);
  });
});
