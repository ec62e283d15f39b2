import { describe, expect, it } from 'vitest';
import { makeTestApp, newClientId, pullAs, pushAs, seedUser, withTestApp } from '../../../test/kit.js';
import { backupStore } from '../../../test/stores.js';

/** Issue 12, point 9: the database epoch makes a device start over after the server's file was replaced. */

describe('database epoch', () => {
  it('answers the epoch; a pull from an unknown epoch resets, from a known one does not', async () => {
    await withTestApp({}, async (fx) => {
      const user = await seedUser(fx.app);
      const client = newClientId('limits-client');
      await pushAs(fx.app, user, client, [{ id: 1, name: 'task.create', args: { id: 'e1', title: 'one' } }]);
      const { page } = await pullAs(fx.app, user, client);
      expect(page.epoch).toMatch(/^[A-Za-z0-9_-]{8,}$/);
      expect((await pullAs(fx.app, user, client, { cursor: page.cursor, epoch: page.epoch })).page).toMatchObject({ reset: false, changes: [] });
      const unknown = (await pullAs(fx.app, user, client, { cursor: page.cursor, epoch: 'not-an-epoch-of-this-db' })).page;
      expect(unknown).toMatchObject({ reset: true, cursor: page.cursor });
      expect(unknown.changes.map((c) => c.id)).toEqual(['e1']);
      // Without an epoch (old clients) nothing changes.
      expect((await pullAs(fx.app, user, client, { cursor: page.cursor })).page).toMatchObject({ reset: false, changes: [] });
    });
  });

  it("makes a device's next pull reset after the server is restored from an older copy of its database", async () => {
    const fx = await makeTestApp({}, { syncLimits: { epochRotateMs: 0 } });
    const user = await seedUser(fx.app);
    const client = newClientId('limits-client');
    await pushAs(fx.app, user, client, [{ id: 1, name: 'task.create', args: { id: 'kept', title: 'in the backup' } }]);
    const backup = await backupStore(fx.app, fx.config);

    // After the backup: a write the restored server will not have, and the device pulls it.
    await pushAs(fx.app, user, client, [{ id: 2, name: 'task.create', args: { id: 'lost', title: 'after the backup' } }]);
    const seen = (await pullAs(fx.app, user, client)).page;
    expect(seen.changes.map((c) => c.id)).toEqual(['kept', 'lost']);
    await fx.app.close();

    // The operator restores the older file and starts the server again; the user keeps writing from another
    // device, so the restored version counter passes the device's cursor.
    await backup.restore();
    await withTestApp({ dataDir: fx.dataDir, databaseUrl: fx.config.databaseUrl }, async (restored) => {
      const other = newClientId('limits-client');
      await pushAs(restored.app, user, other, [1, 2, 3].map((i) => ({ id: i, name: 'task.create', args: { id: `new-${i}`, title: 'x' } })));
      const next = (await pullAs(restored.app, user, client, { cursor: seen.cursor, epoch: seen.epoch })).page;
      expect(seen.cursor).toBeLessThanOrEqual(4);
      expect(next.reset).toBe(true);
      expect(next.changes.map((c) => c.id)).toEqual(['kept', 'new-1', 'new-2', 'new-3']);
    });
    await fx.close();
  });
});
