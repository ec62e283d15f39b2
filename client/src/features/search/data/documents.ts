import { splitInboxText } from '@adhd/shared/inbox/text';
import type { AppDatabase } from '../../../db/database';
import { liveEntity } from '../../../db/live-entities';
import type { LiveSnapshot } from '../../../db/live-table';
import { docKey, type SearchDoc, type SearchType } from '../logic/types';

/**
 * What the palette indexes of each entity, from a live row (local) or a search result's `data` (server): the
 * title and the text below it. Only these strings go to the worker, not the whole rows.
 */
type Fields = Record<string, unknown>;
const str = (data: Fields, key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');
const lines = (...parts: string[]) => parts.filter(Boolean).join('\n');

export function docOf(type: SearchType, id: string, data: Fields): SearchDoc {
  const key = docKey(type, id);
  switch (type) {
    case 'task':
    case 'habit':
      return { key, type, id, title: str(data, 'title'), body: str(data, 'description') };
    case 'note':
      return { key, type, id, title: str(data, 'title'), body: str(data, 'content') };
    case 'event':
      return { key, type, id, title: str(data, 'title'), body: lines(str(data, 'description'), str(data, 'location')) };
    case 'inbox': {
      // The whole first line as the title (no cut: the palette truncates it on screen).
      const { title, rest } = splitInboxText(str(data, 'text'), Infinity);
      return { key, type, id, title, body: rest };
    }
  }
}

/** What the index reads of a live table (db/live-table.ts). */
export interface IndexedTable {
  get(): LiveSnapshot<object> | undefined;
  subscribe(listener: () => void): () => void;
  readonly loaded: boolean;
  settled(): Promise<void>;
}

/** A live table the index follows: its rows and each row's id. */
export interface IndexSource {
  type: SearchType;
  table: IndexedTable;
  idOf(row: object): string;
}

const byId = (row: object) => (row as { id: string }).id;

/** The live tables of `db` the palette searches (the same ones the screens read). */
export function indexSources(db: AppDatabase): IndexSource[] {
  const sources: IndexSource[] = [
    { type: 'task', table: liveEntity(db, 'task'), idOf: byId },
    { type: 'note', table: liveEntity(db, 'note'), idOf: (row) => (row as { _id: string })._id },
    { type: 'event', table: liveEntity(db, 'event'), idOf: byId },
    { type: 'habit', table: liveEntity(db, 'habit'), idOf: byId },
    { type: 'inbox', table: liveEntity(db, 'inbox'), idOf: byId },
  ];
  return sources;
}
