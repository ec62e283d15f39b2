import type { Kysely, Selectable } from 'kysely';
import {
  FEEDBACK_PAGE_SIZE,
  type FeedbackFields,
  type FeedbackItem,
  type FeedbackStatus,
  type FeedbackType,
} from '@adhd/shared/feedback/schema';
import type { Database, FeedbackTable } from '../../db/schema.js';
import { nowIso } from '../../lib/ids.js';
import type { Screenshot } from './uploads.js';

type Db = Kysely<Database>;
type Row = Selectable<FeedbackTable>;

export const screenshotsOf = (row: Pick<Row, 'screenshots'>): Screenshot[] => JSON.parse(row.screenshots) as Screenshot[];

const toItem = (row: Row): FeedbackItem => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  type: row.type,
  message: row.message,
  status: row.status,
  createdAt: row.created_at,
  screenshots: screenshotsOf(row).length,
});

export async function insertFeedback(db: Db, row: { id: string; userId: string | null; fields: FeedbackFields; screenshots: Screenshot[] }) {
  const now = nowIso();
  await db
    .insertInto('feedback')
    .values({
      id: row.id,
      user_id: row.userId,
      name: row.fields.name,
      email: row.fields.email,
      type: row.fields.type,
      message: row.fields.message,
      status: 'new',
      screenshots: JSON.stringify(row.screenshots),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** One page of feedback, newest first, with the filters given; `total` counts every match. */
export async function listFeedback(db: Db, filter: { type?: FeedbackType; status?: FeedbackStatus; page?: number }) {
  let q = db.selectFrom('feedback');
  if (filter.type) q = q.where('type', '=', filter.type);
  if (filter.status) q = q.where('status', '=', filter.status);
  const page = filter.page ?? 1;
  const rows = await q
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(FEEDBACK_PAGE_SIZE)
    .offset((page - 1) * FEEDBACK_PAGE_SIZE)
    .execute();
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { data: rows.map(toItem), total: Number(n) };
}

export const getFeedbackRow = (db: Db, id: string) => db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();

export async function setFeedbackStatus(db: Db, id: string, status: FeedbackStatus): Promise<FeedbackItem | null> {
  await db.updateTable('feedback').set({ status, updated_at: nowIso() }).where('id', '=', id).execute();
  const row = await getFeedbackRow(db, id);
  return row ? toItem(row) : null;
}
