/**
 * Compile-time tests of the typed registry, checked by `tsc -b` (shared/tsconfig.json includes `src`; only
 * `*.test.ts` are excluded) and never run: each `@ts-expect-error` line must fail to compile, or tsc reports
 * the directive as unused and the build fails.
 */
import type { MutationTx } from './mutator.js';
import { runMutation, type MutationArgs, type MutationCall, type MutationName } from './registry.js';

export function runMutationTypeChecks(tx: MutationTx): void {
  void runMutation(tx, 'task.create', { id: 't', title: 'T', parent: null });
  void runMutation(tx, 'habit.setDay', { habitId: 'h', date: '2026-01-01', status: 'complete' });
  // @ts-expect-error a misspelt mutation name
  void runMutation(tx, 'task.creat', { id: 't', title: 'T' });
  // @ts-expect-error a misspelt argument field
  void runMutation(tx, 'task.update', { id: 't', titel: 'T' });
  // @ts-expect-error a wrongly typed argument field
  void runMutation(tx, 'task.update', { id: 't', completed: 'yes' });
  // @ts-expect-error a required argument left out
  void runMutation(tx, 'habit.setDay', { habitId: 'h', date: '2026-01-01' });
  // @ts-expect-error a value outside an enum
  void runMutation(tx, 'habit.setDay', { habitId: 'h', date: '2026-01-01', status: 'done' });
}

export const names: MutationName[] = ['task.create', 'folder.move', 'tagRef.add', 'sync.skip'];
// @ts-expect-error MutationName is the union of the registered names, not any string
export const notAName: MutationName = 'task.explode';

export const call: MutationCall = { name: 'note.update', args: { id: 'n', baseHash: 'abc' } };
// @ts-expect-error a call's args belong to its name
export const wrongCall: MutationCall = { name: 'note.delete', args: { id: 'n', baseHash: 'abc' } };

export const moveArgs: MutationArgs<'folder.move'> = { id: 'f', parentFolder: null };

/** The tree domains' args are derived from their REST schemas (sync/args.ts): still checked field by field. */
export function treeArgs(tx: MutationTx) {
  // @ts-expect-error a misspelt create field
  void runMutation(tx, 'task.create', { id: 't', titel: 'T' });
  // @ts-expect-error the create's required title left out
  void runMutation(tx, 'folder.create', { id: 'f' });
  // @ts-expect-error a move names its parent by the domain's field
  void runMutation(tx, 'folder.move', { id: 'f', parent: null });
  // @ts-expect-error an update cannot move (the parent has its own mutation)
  void runMutation(tx, 'task.update', { id: 't', parent: 'p' });
  void runMutation(tx, 'task.move', { id: 't', parent: null });
  void runMutation(tx, 'folder.update', { id: 'f', name: 'Work' });
}
