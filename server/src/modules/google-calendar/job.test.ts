import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { FAKE_PRIMARY, startFakeGoogle, type FakeGoogle } from '../../../test/fakes/google-calendar.js';
import { connect, googleBuild, googleConfig, googleEvents } from '../../../test/google-calendar.js';
import { inject, useServerTest, type ServerTestOptions } from '../../../test/kit.js';
import { REVOKED_MESSAGE } from './service.js';

/**
 * The background job: with a short interval, a change made at Google reaches the user's events on a later turn
 * without any request from the user, and one user whose sync fails (tokens that no longer open) does not stop the
 * others.
 */

const today = new Date().toISOString().slice(0, 10);

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
  google.state.putEvent(FAKE_PRIMARY, { id: 'ev1', summary: 'Planning', start: { date: today }, end: { date: today } });
});
afterAll(() => google.close());

const t = useServerTest({
  get config() {
    return googleConfig(google);
  },
  build: googleBuild({ syncIntervalMs: 100 }),
} as ServerTestOptions);

/** A user who sorts first (the job goes by user id) and whose every sync throws: connected, but without tokens. */
async function seedFailingFirstUser() {
  const id = '00000000-0000-7000-8000-000000000000';
  const user = await t.app.db.selectFrom('users').selectAll().where('id', '=', t.user.id).executeTakeFirstOrThrow();
  await t.app.db.insertInto('users').values({ ...user, id, email: 'first@example.com' }).execute();
  const now = new Date().toISOString();
  await t.app.db.insertInto('google_connections').values({ user_id: id, access_token: null, refresh_token: null, expires_at: null, status: 'connected', message: null, last_sync_at: null, created_at: now, updated_at: now }).execute();
  await t.app.db
    .insertInto('google_calendars')
    .values({ user_id: id, calendar_id: FAKE_PRIMARY, summary: 'Personal', color: null, description: null, location: null, html_link: null, time_zone: null, is_primary: 1, visible: 1, position: 0, sync_token: null, sync_time_min: null, sync_time_max: null })
    .execute();
}

it('syncs every connected user on each turn; one failing user does not stop the others', async () => {
  await seedFailingFirstUser();
  const broken = await t.seedUser();
  await connect(t.app, broken);
  await connect(t.app, t.user);
  // The broken user's tokens were sealed with another key (as after a changed TOKEN_ENCRYPTION_KEY).
  await t.app.db.updateTable('google_connections').set({ access_token: 'v1.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA' }).where('user_id', '=', broken.id).execute();

  google.state.changeEvent(FAKE_PRIMARY, 'ev1', { summary: 'Planning (moved room)' });
  google.state.putEvent(FAKE_PRIMARY, { id: 'ev2', summary: 'Review', start: { date: today }, end: { date: today } });
  await vi.waitFor(
    async () => {
      const events = await googleEvents(t.app, t.user);
      expect(events.get(`${FAKE_PRIMARY}/ev1`)?.title).toBe('Planning (moved room)');
      expect(events.has(`${FAKE_PRIMARY}/ev2`)).toBe(true);
      // The user whose tokens no longer open (synced after t.user in a turn) is disconnected with the message.
      const status = (await inject(t.app, broken, 'GET', '/api/google/calendar/status')).json();
      expect(status).toMatchObject({ connected: false, message: REVOKED_MESSAGE });
    },
    { timeout: 5_000, interval: 50 },
  );
  // The failing user stays as it was, failing each turn before the others' sync.
  expect((await t.app.db.selectFrom('google_connections').select('status').where('user_id', '=', '00000000-0000-7000-8000-000000000000').executeTakeFirst())?.status).toBe('connected');
  // The turns used the sync token (incremental), not a full listing each time.
  expect(google.eventRequests(FAKE_PRIMARY).some((r) => r.query.has('syncToken'))).toBe(true);
});
