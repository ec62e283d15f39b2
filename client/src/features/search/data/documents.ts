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

/** An inbox item's first non-empty line, and the rest (as shared/src/inbox/text.ts splits it for the dialogs). */
export function splitText(text: string): { title: string; rest: string } {
  const all = text.split(/\r?\n/);
  const first = all.findIndex((l) => l.trim() !== '');
  if (first === -1) return { title: '', rest: '' };
  return { title: all[first]!.trim(), rest: all.slice(first + 1).join('\n').trim() };
}

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
      const { title, rest } = splitText(str(data, 'text'));
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

/**
 * The live tables of `db` the palette searches. Inbox items join when the inbox's live table exists (the
 * inbox data layer, contract "Shared inbox"); until then the adapter answers null and the other four are indexed.
 */
export function indexSources(db: AppDatabase): IndexSource[] {
  const sources: IndexSource[] = [
    { type: 'task', table: liveEntity(db, 'task'), idOf: byId },
    { type: 'note', table: liveEntity(db, 'note'), idOf: (row) => (row as { _id: string })._id },
    { type: 'event', table: liveEntity(db, 'event'), idOf: byId },
    { type: 'habit', table: liveEntity(db, 'habit'), idOf: byId },
  ];
  const inbox = inboxTable(db);
  if (inbox) sources.push({ type: 'inbox', table: inbox, idOf: byId });
  return sources;
}

/** The inbox adapter: the inbox's live table, once the inbox data layer provides one. */
function inboxTable(db: AppDatabase): IndexedTable | null {
  void db;
  return null;
}
