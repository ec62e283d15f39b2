import type { TaskPriority } from '@adhd/shared/tasks/schema';
import type { EntityRow } from '../../../db/entity-rows';

/** A live task as the screens use it: the row's data as the shared task schema outputs it, its id and timestamps. */
export type TaskItem = EntityRow<'task'>;

export type { TaskPriority };
