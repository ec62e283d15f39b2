import Dexie, { type Table } from 'dexie';
import { bucketMiddleware } from './buckets';
import { UPGRADES } from './schema-upgrades';
import { SCHEMA_STEPS } from './schema-versions';
import { onBlocked, onReady, onVersionChange } from './upgrade';
import type { EntityType } from '@adhd/shared/sync/protocol';
import type { Mutation } from '@adhd/shared/sync/protocol';

/**
 * A replicated row as stored locally: the same shape the mutators see (`StoredRow`) plus the server version
 * and the parent link pulled out for an index. Deleted rows stay as tombstones (`deleted: 1`) so a delete can
 * be undone offline; screens filter them out.
 */
export interface LocalRow {
  id: string;
  data: Record<string, unknown>;
  deleted: 0 | 1;
  createdAt: string;
  updatedAt: string;
  /** Server version of the row's last change; 0 while it exists only on this device. */
  version: number;
  parentId: string | null;
}

/** The server's copy of a row that pending local mutations have changed, kept for the rebase. */
export interface BaseRow {
  type: EntityType;
  id: string;
  /** null: the row did not exist on the server side. */
  row: LocalRow | null;
}

export interface OutboxEntry extends Mutation {
  seq?: number;
}

export interface MetaEntry {
  /** `epoch`: the server database epoch the `cursor` was read in (stored with it, sent with every pull). */
  key: 'clientId' | 'nextMutationId' | 'cursor' | 'epoch' | 'userId';
  value: string | number;
}

/**
 * A local change the server refused (a push result `rejected`, or a mutation too large to send), kept so it is
 * never lost unseen: the "needs attention" list (features/attention). Its outbox entry is gone (or replaced by
 * `sync.skip`), so the rebase has rolled its effect back; this record is all that is left of it.
 */
export interface AttentionEntry {
  id: string;
  /** The outbox id the mutation had. */
  mutationId: number;
  /** The entity type the mutation changed (`task`, `note`…), from its name. */
  entity: string;
  entityId: string | null;
  /** The mutation's name and args: what changed. */
  name: string;
  args: unknown;
  /** The entity as this device showed it when the change was refused (its data), if it had a row. */
  row: Record<string, unknown> | null;
  /** The server's reason: a rejection code (`NOT_FOUND`, `QUOTA_EXCEEDED`, `TOO_LARGE`…) and its message. */
  code: string;
  message: string;
  /** When it was refused (ISO). */
  at: string;
}

/** Dexie table name of each entity type. */
export const TABLE_OF: Record<EntityType, string> = {
  task: 'tasks',
  habit: 'habits',
  habitDay: 'habitDays',
  note: 'notes',
  folder: 'folders',
  event: 'events',
  tag: 'tags',
  tagRef: 'tagRefs',
  inbox: 'inbox',
};

/**
 * One IndexedDB database per user, `app-<userId>` (design/sync.md §3). Its versions are the steps of
 * `schema-versions.ts`, never edited once shipped: a new table (entity type) or index is a new step there.
 */
export class AppDatabase extends Dexie {
  tasks!: Table<LocalRow, string>;
  habits!: Table<LocalRow, string>;
  habitDays!: Table<LocalRow, string>;
  notes!: Table<LocalRow, string>;
  folders!: Table<LocalRow, string>;
  events!: Table<LocalRow, string>;
  tags!: Table<LocalRow, string>;
  tagRefs!: Table<LocalRow, string>;
  inbox!: Table<LocalRow, string>;
  _outbox!: Table<OutboxEntry, number>;
  _meta!: Table<MetaEntry, string>;
  _base!: Table<BaseRow, [string, string]>;
  _attention!: Table<AttentionEntry, string>;

  constructor(readonly userId: string) {
    super(databaseName(userId));
    for (const step of SCHEMA_STEPS) {
      const version = this.version(step.version).stores(step.stores);
      if (step.upgrade) version.upgrade(UPGRADES[step.upgrade]);
    }
    this.use(bucketMiddleware(Object.values(TABLE_OF)));
    this.on('versionchange', (event) => onVersionChange(this, event));
    this.on('blocked', (event) => onBlocked(this, event));
    this.on('ready', onReady, true);
  }

  table_(type: EntityType): Table<LocalRow, string> {
    return this.table(TABLE_OF[type]) as Table<LocalRow, string>;
  }

  /** The entity tables (the view). */
  get dataTables() {
    return Object.values(TABLE_OF).map((t) => this.table(t));
  }

  /** Every table a mutation or a pull may write. */
  get writeTables() {
    return [...this.dataTables, this._outbox, this._meta, this._base];
  }
}

export const databaseName = (userId: string) => `app-${userId}`;

