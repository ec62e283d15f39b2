/**
 * Compile-time tests of the client's typed `mutate`, checked by `tsc -b` (client/tsconfig.json includes `src`;
 * only `*.test.ts(x)` are excluded) and never run: each `@ts-expect-error` line must fail to compile.
 */
import type { AppDatabase } from './database';
import { mutate } from './mutate';

export function mutateTypeChecks(db: AppDatabase): void {
  void mutate(db, 'note.update', { id: 'n', pinned: true });
  // @ts-expect-error a misspelt mutation name
  void mutate(db, 'note.updat', { id: 'n', pinned: true });
  // @ts-expect-error a misspelt argument field
  void mutate(db, 'note.update', { id: 'n', pined: true });
  // @ts-expect-error a wrongly typed argument field
  void mutate(db, 'note.update', { id: 'n', pinned: 'yes' });
  // @ts-expect-error the id is required
  void mutate(db, 'task.delete', {});
}
