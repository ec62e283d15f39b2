import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDatabase } from '../db/database';
import { localDbUpgrade } from '../db/upgrade';
import { activateLocale } from '../i18n';
import { DbUpgradeWatcher } from './db-upgrade-watcher';
import { WithI18n } from '../test/kit';

/** Issue 12, point 9: an old tab learns of a newer app's database upgrade and offers a reload. */
const dbs: AppDatabase[] = [];
afterEach(async () => {
  localDbUpgrade.reset();
  vi.unstubAllGlobals();
  for (const db of dbs.splice(0)) await db.delete().catch(() => undefined);
});

/** Another tab opens the database at a higher version (a newer app), as the browser delivers it. */
function upgradeElsewhere(db: AppDatabase): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(db.name, db.verno * 10 + 10);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('the old tab did not let go of the database'));
  });
}

describe('DbUpgradeWatcher and its notice', () => {
  it.each([
    ['en', 'A new version of the app is open in another tab. Reload this tab to keep working.', 'Reload'],
    ['ru', 'В другой вкладке открыта новая версия приложения. Перезагрузите эту вкладку, чтобы продолжить работу.', 'Перезагрузить'],
  ])('closes the database on a versionchange and shows a reload notice (%s)', async (locale, text, button) => {
    await activateLocale(locale);
    const db = new AppDatabase(`upgrade-${locale}-${Date.now()}`);
    dbs.push(db);
    await db.tasks.count();
    render(
      <WithI18n>
        <DbUpgradeWatcher />
      </WithI18n>,
    );
    expect(screen.queryByTestId('db-upgrade-notice')).toBeNull();

    await act(() => upgradeElsewhere(db));
    expect(await screen.findByText(text)).toBeTruthy();
    // Closed for good: no silent reopen against the newer schema.
    expect(db.isOpen()).toBe(false);
    await expect(db.tasks.count()).rejects.toMatchObject({ name: 'DatabaseClosedError' });

    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks to reload or close an older tab that blocks this tab’s upgrade, and clears once the upgrade goes through', async () => {
    await activateLocale('en');
    const db = new AppDatabase(`blocked-${Date.now()}`);
    dbs.push(db);
    // An older app's tab: the database at an older version, held open, deaf to versionchange.
    const old = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(db.name, 20);
      request.onupgradeneeded = () => request.result.createObjectStore('tasks', { keyPath: 'id' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    render(
      <WithI18n>
        <DbUpgradeWatcher />
      </WithI18n>,
    );
    const opening = db.open();
    expect(await screen.findByText('An older version of the app is open in another tab. Reload or close that tab to continue.')).toBeTruthy();
    expect(localDbUpgrade.get()).toBe('blocked');

    old.close();
    await act(() => opening.then(() => undefined));
    expect(localDbUpgrade.get()).toBe('none');
    expect(screen.queryByTestId('db-upgrade-notice')).toBeNull();
  });
});
