import { liveEntity } from '../../../../db/live-entities';
import { useDb } from '../../../../db/session';
import { useLiveSelect } from '../../../../db/use-live';
import type { EventItem } from '../logic/types';

/** A live event row as stored (client/src/db/entity-rows.ts decodes it by the shared event schema). */
type EventRowLike = { id?: string; _id?: string; source?: string } & Partial<Omit<EventItem, 'id' | 'source'>>;

const SOURCES: readonly string[] = ['local', 'task', 'google', 'ics'] satisfies EventItem['source'][];
const isSource = (s: string | undefined): s is EventItem['source'] => s !== undefined && SOURCES.includes(s);

/** The dialog's view of a live event row; fields a row lacks get the contract's defaults. */
export function toEventItem(row: EventRowLike): EventItem {
  return {
    id: row._id ?? row.id ?? '',
    title: row.title ?? '',
    description: row.description ?? '',
    startDate: row.startDate ?? '',
    endDate: row.endDate ?? null,
    startTime: row.startTime ?? null,
    endTime: row.endTime ?? null,
    allDay: row.allDay ?? false,
    timezone: row.timezone ?? null,
    recurrence: row.recurrence ?? null,
    exdates: row.exdates ?? [],
    seriesId: row.seriesId ?? null,
    originalStart: row.originalStart ?? null,
    location: row.location ?? '',
    color: row.color ?? null,
    tags: row.tags ?? [],
    reminders: row.reminders ?? [],
    source: isSource(row.source) ? row.source : 'local',
    readonly: row.readonly ?? false,
  };
}

const byId = (rows: EventRowLike[]): Map<string, EventRowLike> => new Map(rows.map((r) => [r._id ?? r.id ?? '', r]));

/**
 * The live event with this id from the local database: undefined while the events are first read, null when
 * there is none (deleted, or never synced here).
 */
export function useEventItem(id: string | undefined): EventItem | null | undefined {
  const db = useDb();
  const rows = useLiveSelect<EventRowLike, Map<string, EventRowLike>>(db ? liveEntity(db, 'event') : null, byId);
  if (rows === undefined) return undefined;
  const row = id ? rows.get(id) : undefined;
  return row ? toEventItem(row) : null;
}
