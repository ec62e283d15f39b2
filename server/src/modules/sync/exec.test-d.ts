/**
 * Compile-time tests of the server's typed `exec` (SyncEngine.run) and hooks, checked by `tsc -b`
 * (server/tsconfig.json includes `src`; only `*.test.ts` are excluded) and never run: each `@ts-expect-error`
 * line must fail to compile.
 */
import type { SyncEngine } from './engine.js';

export async function execTypeChecks(engine: SyncEngine): Promise<void> {
  await engine.run(
    'user',
    async (exec) => {
      await exec('tag.create', { id: 't', name: 'Home', color: '#fff', description: '' });
      // @ts-expect-error a misspelt mutation name
      await exec('tag.craete', { id: 't', name: 'Home' });
      // @ts-expect-error a misspelt argument field
      await exec('tag.update', { id: 't', nmae: 'Home' });
      // @ts-expect-error a wrongly typed argument field
      await exec('tag.update', { id: 't', name: 42 });
    },
    async () => null,
  );
  engine.hooks.after('task.create', (_ctx, args) => {
    const title: string = args.title;
    void title;
    // @ts-expect-error hook args are the mutation's parsed args
    void args.titel;
  });
  // @ts-expect-error hooks are registered on real mutation names
  engine.hooks.after('task.creat', () => {});
}
