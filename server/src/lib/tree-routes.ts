import type { MutationName } from '@adhd/shared/sync/registry';
import { plannedUpdate, type IdMutation, type WriteContext } from './entity-routes.js';

/** The entity types whose rows form a tree by a parent field (shared/src/sync/tree.ts). */
type TreeType = 'task' | 'folder';

/**
 * The writes of a tree domain's REST kit (tasks, folders): POST runs `<type>.create`; PUT sends the changed
 * fields to `<type>.update` and a new parent to `<type>.move` (a cycle is refused CYCLE, rolling the request
 * back); DELETE runs `<type>.delete`. The fields are the domain's parsed create and patch bodies, which the
 * mutations' args are derived from (shared/src/sync/args.ts), so they fit those args by construction.
 */
export function treeWrites<T extends object, K extends keyof T & string>(type: TreeType, field: K, notFound: string) {
  const run = (w: WriteContext, verb: 'create' | 'update' | 'move', args: object) =>
    (w.exec as (name: MutationName, args: unknown) => Promise<unknown>)(`${type}.${verb}`, args);
  return {
    notFound,
    create: (w: WriteContext, id: string, fields: object) => run(w, 'create', { id, ...fields }),
    update: plannedUpdate<T, K>(type, notFound, (w, id) => ({
      update: (fields) => run(w, 'update', { id, ...fields }),
      move: { field, run: (parent) => run(w, 'move', { id, [field]: parent }) },
    })),
    remove: `${type}.delete` satisfies IdMutation,
  };
}
