import { describe, expect, it } from 'vitest';
import { buildInfo, reportText, workerInfo, type DebugReport } from './report';

const worker = { supported: true, registered: true, scope: 'http://x/', active: 'activated', waiting: false, installing: false, controlled: true };

describe('debug report', () => {
  it('reads as plain text for support, with sync and counts when signed in', () => {
    const report: DebugReport = {
      build: { version: '1.2.3', build: 'abc', server: '1.2.3' },
      worker,
      counts: { tasks: 3, _outbox: 1 },
      sync: { status: 'synced', lastSyncedAt: '2026-01-02T03:04:05.000Z', pending: 1, outbox: 1, attention: 0, cursor: 42, online: true },
    };
    expect(reportText(report, new Date('2026-01-02T03:05:00Z')).split('\n')).toEqual([
      'ADHD SuperApp debug report (2026-01-02T03:05:00.000Z)',
      'version: 1.2.3',
      'build: abc',
      'server: 1.2.3',
      'service worker: registered (activated)',
      '  waiting: no, installing: no, controls this page: yes',
      'sync: synced, online: yes',
      '  last sync: 2026-01-02T03:04:05.000Z',
      '  unsynced: 1, outbox: 1, needs attention: 0, cursor: 42',
      'local database: tasks 3, _outbox 1',
    ]);
  });

  it('says what is missing for a visitor offline without a service worker', async () => {
    const none = await workerInfo({} as Navigator);
    const text = reportText({ build: buildInfo(null), worker: none, counts: null, sync: null });
    expect(text).toContain('server: unreachable');
    expect(text).toContain('service worker: not supported');
    expect(text).toContain('sync: not signed in');
    expect(text).not.toContain('local database');
    // Under unit tests there is no build define: 'dev'.
    expect(buildInfo(null)).toEqual({ version: 'dev', build: 'dev', server: null });
  });
});
