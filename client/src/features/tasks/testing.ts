import type { AppDatabase } from '../../db/database';
import type { TaskItem } from './logic/types';

/** Tasks-only test helpers; the rest (i18n, a user database, seeding) is in src/test/kit.tsx. */

/** A task as the screens see it, with the spec's defaults and `patch` on top (for tests of pure logic and components). */
export function taskItem(id: string, patch: Partial<TaskItem> = {}): TaskItem {
  return {
    id,
    title: `Task ${id}`,
    description: '',
    completed: false,
    startDate: null,
    dueDate: null,
    time: null,
    priority: 'medium',
    tags: [],
    parent: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...patch,
  };
}

export async function titlesByParent(db: AppDatabase): Promise<Record<string, string | null>> {
  const rows = await db.tasks.where('deleted').equals(0).toArray();
  return Object.fromEntries(rows.map((r) => [String(r.data.title), r.parentId]));
}
