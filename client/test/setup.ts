import { act, cleanup, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, vi } from 'vitest';

/*
 * The client project runs with `isolate: false` (vitest.config.ts): one worker, one jsdom and one copy of the
 * packages for every file, which saves minutes of start-up per run. What a file may leave behind is reset here,
 * before each file's own imports run, so that every file still starts as if it ran alone:
 * - the app's own modules are evaluated afresh (their module-level state: session, toggles, timers' owners);
 * - a new empty IndexedDB (fake-indexeddb), also for Dexie, which keeps the factory it first saw;
 * - storage, the document, real timers and the globals and env a file stubbed (vi.stubGlobal, vi.stubEnv).
 */
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
const idb = new IDBFactory();
Object.assign(globalThis, { indexedDB: idb, IDBKeyRange });
Dexie.dependencies.indexedDB = idb;
Dexie.dependencies.IDBKeyRange = IDBKeyRange;
localStorage.clear();
sessionStorage.clear();
document.head.innerHTML = '';
document.body.innerHTML = '';
for (const el of [document.documentElement, document.body]) {
  for (const name of el.getAttributeNames()) if (!(el === document.documentElement && name === 'lang')) el.removeAttribute(name);
}
window.history.replaceState(null, '', '/');

// `findBy…` waits up to 5 s instead of 1 s: a lazily loaded part (the attention notice, a dialog) takes longer
// than a second to import on a loaded 2-core machine, which made tests fail that wait for something that comes.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // A modal Radix layer sets the body's pointer-events to none and puts it back when the last layer goes; a test
  // that ends with nested dialogs open can unmount them in an order that leaves it set, and the next test's
  // first click then fails ("pointer-events: none"). No test may inherit that.
  document.body.style.removeProperty('pointer-events');
});

/*
 * Every user-event call first lets React finish the work already scheduled (`act`). A modal Radix layer sets the
 * body's pointer-events to none when it mounts and gives its own content pointer-events back in a re-render it
 * schedules; on a loaded machine a click could come between the two and fail with "pointer-events: none" on a
 * button the user can click. The check itself stays on.
 */
type UserEventApi = typeof userEvent;
const patched = userEvent as UserEventApi & { __flushesFirst?: true };
if (!patched.__flushesFirst) {
  const realSetup = userEvent.setup.bind(userEvent);
  (patched as { setup: UserEventApi['setup'] }).setup = ((...args: Parameters<UserEventApi['setup']>) => {
    const user = realSetup(...args);
    return new Proxy(user, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function' || key === 'setup') return value;
        return async (...callArgs: unknown[]) => {
          await act(async () => {});
          return (value as (...a: unknown[]) => unknown).apply(target, callArgs);
        };
      },
    });
  }) as UserEventApi['setup'];
  patched.__flushesFirst = true;
}
