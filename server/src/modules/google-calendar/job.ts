import { runExclusive } from '../../lib/jobs.js';
import { connectedUsers } from './repository.js';
import type { GoogleCalendarService } from './service.js';
import { jobWindow, syncUser } from './sync.js';

/**
 * The background sync (SPEC section 9): every `syncIntervalMs` (60 s) each connected user's visible calendars are
 * synced over the job window (a month before to a month after now). The turn runs under
 * `runExclusive('google-calendar-sync')`: when several instances share one PostgreSQL exactly one runs it, the
 * others skip that turn. While the admin's `googleCalendar` toggle is off the turns do nothing. One user's failure is logged and the next user goes on. A turn starts only after the
 * previous one finished (no overlap); `stop()` (app close) waits for a running turn.
 */
export class GoogleSyncJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly svc: GoogleCalendarService) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.turn().finally(() => {
        this.running = null;
        this.schedule();
      });
    }, this.svc.tuning.syncIntervalMs);
    this.timer.unref();
  }

  /** One turn over every connected user. */
  async turn(): Promise<void> {
    const { app } = this.svc;
    try {
      if (!(await app.features.get()).googleCalendar) return; // switched off by the admin: paused
      await runExclusive(app.db, 'google-calendar-sync', async () => {
        const window = jobWindow();
        for (const userId of await connectedUsers(app.db)) {
          if (this.stopped) return;
          try {
            const r = await syncUser(this.svc, userId, window);
            for (const f of r.failed) app.log.warn({ userId, calendarId: f.calendarId, err: f.error }, 'google calendar: a calendar did not sync');
          } catch (err) {
            app.log.warn({ userId, err }, 'google calendar: sync of a user failed');
          }
        }
      });
    } catch (err) {
      app.log.error({ err }, 'google calendar: sync turn failed');
    }
  }
}
