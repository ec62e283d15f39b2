import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_init.js';
import * as m0002 from './0002_notes_fts.js';
import * as m0004 from './0004_notes_fts_by_id.js';
import * as m0005 from './0005_user_limits.js';
import * as m0006 from './0006_push_rejections.js';
import * as m0007 from './0007_live_rows.js';
import * as m0008 from './0008_shared_instances.js';
import * as m0009 from './0009_calendar_feeds.js';
import * as m0010 from './0010_search.js';
import * as m0011 from './0011_telegram.js';
import * as m0012 from './0012_site_settings.js';
import * as m0013 from './0013_news.js';
import * as m0014 from './0014_feedback.js';
import * as m0015 from './0015_redirects.js';
import * as m0016 from './0016_google_calendar.js';
import * as m0017 from './0017_google_signin.js';
import * as m0018 from './0018_search_storage.js';
import * as m0019 from './0019_search_queue.js';

/** Numbered migrations, applied in order at start. Never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_notes_fts': m0002,
  '0004_notes_fts_by_id': m0004,
  '0005_user_limits': m0005,
  '0006_push_rejections': m0006,
  '0007_live_rows': m0007,
  '0008_shared_instances': m0008,
  '0009_calendar_feeds': m0009,
  '0010_search': m0010,
  '0011_telegram': m0011,
  '0012_site_settings': m0012,
  '0013_news': m0013,
  '0014_feedback': m0014,
  '0015_redirects': m0015,
  '0016_google_calendar': m0016,
  '0017_google_signin': m0017,
  '0018_search_storage': m0018,
  '0019_search_queue': m0019,
};
