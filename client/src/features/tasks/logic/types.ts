import type { TaskData, TaskPriority } from '@adhd/shared/tasks/schema';

/** A live task as the screens use it: the row's data plus its id and timestamps. */
export interface TaskItem extends TaskData {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export type { TaskPriority };
