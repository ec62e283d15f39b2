import Dexie, { type IntervalTree, type IntervalTreeNode, type ObservabilitySet } from 'dexie';
import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import type { AppDatabase, LocalRow } from '../../../db/database';
import { isOwnPull, onPulled } from '../../../db/pull-events';
import type { HabitItem } from '../logic/types';

const STATUSES: readonly string[] = ['complete', 'miss', 'skip'];
const NO_MARKS: ReadonlyMap<string, HabitDayStatus> = new Map();

interface DayEntry {
  habit: string;
  date: string;
  status: HabitDayStatus;
}

function dayOf(row: LocalRow): DayEntry | null {
  if (row.deleted) return null;
  const habit = row.parentId ?? (typeof row.data.habit === 'string' ? row.data.habit : '');
  const status = row.data.status;
  const date = row.data.date;
  if (!habit || typeof date !== 'string' || typeof status !== 'string' || !STATUSES.includes(status)) return null;
  return { habit, date, status: status as HabitDayStatus };
}

/**
 * The signed-in user's live habits with their marked days, kept in memory and patched row by row (like the
 * task cache): after a day click only the changed `habitDay` row is read back, and only its habit gets a new
 * object, so one row re-renders instead of the whole list and the tables are not read again on every write.
 */
export class HabitCache {
  private habitRows = new Map<string, LocalRow>();
  private days = new Map<string, DayEntry>();
  private marks = new Map<string, Map<string, HabitDayStatus>>();
  private items = new Map<string, HabitItem>();
  private snapshot: HabitItem[] | undefined = undefined;
  private listeners = new Set<() => void>();
  private pending: Promise<void> = Promise.resolve();
  private reloadQueued = false;
  private readonly parts: { habits: string; habitDays: string };
  private readonly offPulled: () => void;
  private readonly onMutated = (changes: ObservabilitySet) => {
    const habits = changes[this.parts.habits];
    const days = changes[this.parts.habitDays];
    if ((!habits && !days) || this.reloadQueued || isOwnPull(this.db, changes)) return;
    const habitKeys = habits ? keysOf(habits) : [];
    const dayKeys = days ? keysOf(days) : [];
    if (habitKeys === null || dayKeys === null) this.queueReload();
    else if (habitKeys.length + dayKeys.length > 0) this.enqueue(() => this.patch(habitKeys, dayKeys));
  };

  constructor(
    private readonly db: AppDatabase,
    private readonly toItem: (row: LocalRow, marks: ReadonlyMap<string, HabitDayStatus>) => HabitItem,
  ) {
    this.parts = { habits: `idb://${db.name}/habits/`, habitDays: `idb://${db.name}/habitDays/` };
    Dexie.on('storagemutated', this.onMutated);
    this.offPulled = onPulled(({ db: from, tables }) => {
      if (from !== this.db) return;
      const habits = tables.get('habits') ?? [];
      const days = tables.get('habitDays') ?? [];
      if (habits.length + days.length > 0) this.enqueue(async () => this.apply(habits, days));
    });
    db.on('close', () => this.dispose());
    this.pending = this.reload();
  }

  get = (): HabitItem[] | undefined => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispose(): void {
    Dexie.on('storagemutated').unsubscribe(this.onMutated);
    this.offPulled();
    this.listeners.clear();
  }

  /** Resolves when every change seen so far is in the snapshot (tests). */
  settled(): Promise<void> {
    return this.pending;
  }

  private enqueue(work: () => Promise<void>): void {
    this.pending = this.pending.then(work).catch(() => this.reload());
  }

  private queueReload(): void {
    this.reloadQueued = true;
    this.pending = this.pending
      .catch(() => undefined)
      .then(() => {
        this.reloadQueued = false;
        return this.reload();
      });
  }

  private async reload(): Promise<void> {
    const first = this.snapshot === undefined;
    const habits = await this.db.habits.toArray();
    this.habitRows = new Map(habits.filter((r) => r.deleted === 0).map((r) => [r.id, r]));
    if (first) {
      // The first read: show the habits (a few ms) while their days load (thousands of rows take ~100 ms of
      // main thread), and let that first screen paint before the days are read.
      this.items = new Map([...this.habitRows].map(([id, row]) => [id, { ...this.toItem(row, NO_MARKS), daysLoading: true }]));
      this.publish();
      await afterPaint();
    }
    const days = await this.db.habitDays.toArray();
    this.days = new Map();
    this.marks = new Map();
    for (const row of days) {
      const day = dayOf(row);
      if (day) this.addDay(row.id, day);
    }
    const old = this.items;
    this.items = new Map();
    for (const [id, row] of this.habitRows) {
      const prev = old.get(id);
      const marks = this.marks.get(id) ?? NO_MARKS;
      const reuse = prev && !prev.daysLoading && prev.updatedAt === row.updatedAt && sameMarks(prev.marks, marks);
      this.items.set(id, reuse ? prev : this.toItem(row, marks));
    }
    this.publish();
  }

  private addDay(id: string, day: DayEntry): void {
    this.days.set(id, day);
    let m = this.marks.get(day.habit);
    if (!m) this.marks.set(day.habit, (m = new Map()));
    m.set(day.date, day.status);
  }

  private async patch(habitKeys: string[], dayKeys: string[]): Promise<void> {
    const [habits, days] = await Promise.all([this.db.habits.bulkGet(habitKeys), this.db.habitDays.bulkGet(dayKeys)]);
    const habitRows = habitKeys.map((id, i) => habits[i] ?? ({ id, deleted: 1 } as LocalRow));
    const dayRows = dayKeys.map((id, i) => days[i] ?? ({ id, deleted: 1, data: {} } as unknown as LocalRow));
    this.apply(habitRows, dayRows);
  }

  /**
   * Apply changed rows (tombstones included) and rebuild only the habits they touch. A habit's marks map is
   * copied before it changes, so the objects already handed to the screens never change under them.
   */
  private apply(habitRows: LocalRow[], dayRows: LocalRow[]): void {
    const touched = new Set<string>();
    const copied = new Set<string>();
    const marksFor = (habit: string): Map<string, HabitDayStatus> => {
      let m = this.marks.get(habit);
      if (!copied.has(habit)) {
        m = new Map(m ?? []);
        this.marks.set(habit, m);
        copied.add(habit);
      }
      return m!;
    };
    for (const row of habitRows) {
      touched.add(row.id);
      if (row.deleted === 0) this.habitRows.set(row.id, row);
      else this.habitRows.delete(row.id);
    }
    for (const row of dayRows) {
      const before = this.days.get(row.id);
      if (before) {
        touched.add(before.habit);
        marksFor(before.habit).delete(before.date);
        this.days.delete(row.id);
      }
      const day = dayOf(row);
      if (day) {
        touched.add(day.habit);
        marksFor(day.habit).set(day.date, day.status);
        this.days.set(row.id, day);
      }
    }
    for (const id of touched) {
      const row = this.habitRows.get(id);
      if (row) this.items.set(id, this.toItem(row, this.marks.get(id) ?? NO_MARKS));
      else this.items.delete(id);
    }
    if (touched.size > 0) this.publish();
  }

  private publish(): void {
    this.snapshot = [...this.items.values()];
    for (const l of this.listeners) l();
  }
}

/** Resolves after the next frame has been painted (a timeout when the page is hidden). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

function sameMarks(a: ReadonlyMap<string, HabitDayStatus>, b: ReadonlyMap<string, HabitDayStatus>): boolean {
  if (a.size !== b.size) return false;
  for (const [date, status] of a) if (b.get(date) !== status) return false;
  return true;
}

const caches = new WeakMap<AppDatabase, HabitCache>();

export function habitCacheFor(db: AppDatabase, toItem: (row: LocalRow, marks: ReadonlyMap<string, HabitDayStatus>) => HabitItem): HabitCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new HabitCache(db, toItem)));
  return cache;
}

/** The keys of a change set, or null when it holds a range (a bulk write, a clear): then everything is read again. */
function keysOf(changed: IntervalTree): string[] | null {
  const keys: string[] = [];
  const stack: (IntervalTree | null | undefined)[] = [changed];
  while (stack.length > 0) {
    const node = stack.pop() as Partial<IntervalTreeNode> | null | undefined;
    if (!node || !('from' in node)) continue;
    if (typeof node.from !== 'string' || node.from !== node.to) return null;
    keys.push(node.from);
    stack.push(node.l, node.r);
  }
  return keys;
}
