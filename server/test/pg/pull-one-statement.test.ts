import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Mutation } from '@adhd/shared/sync/protocol';
import { newClientId, useServerTest } from '../kit.js';

/** The pull's queries sent by the app's PostgreSQL connections while `fn` runs (pg.Client#query, which Kysely calls). */
async function countQueries<T>(fn: () => Promise<T>): Promise<{ value: T; queries: string[] }> {
  const query = pg.Client.prototype.query;
  const queries: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = String((args[0] as { text?: string } | undefined)?.text ?? args[0]);
    // Only the pull's (a push's notification or other background work may run meanwhile).
    if (/sync_client|entities|^start transaction|^begin|^commit/i.test(text)) queries.push(text.slice(0, 40));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return { value: await fn(), queries };
  } finally {
    pg.Client.prototype.query = query;
  }
}

describe('the pull on PostgreSQL (sync/pull.ts pullPageInOne)', () => {
  const t = useServerTest({ user: false });

  it('reads a page and its state in one statement, and falls back to the transaction for a cursor that resets', async () => {
    const user = await t.seedUser();
    const client = newClientId('one');
    const mutations: Mutation[] = [1, 2, 3].map((id) => ({ id, name: 'task.create', args: { id: `t${id}`, title: `task ${id}` } }));
    expect((await t.push(user, client, mutations)).json()).toMatchObject({ lastMutationId: 3 });
    const pull = (cursor: number, limit = 2) => countQueries(async () => JSON.parse((await t.app.sync.pullJson(user.id, client, { cursor, limit })).toString('utf8')) as Record<string, unknown>);

    const first = await pull(0);
    expect(first.queries).toHaveLength(1);
    expect(first.value).toMatchObject({ hasMore: true, reset: false, lastMutationId: 3 });
    const rest = await pull(first.value.cursor as number, 10);
    expect(rest.queries).toHaveLength(1);
    expect(rest.value).toMatchObject({ hasMore: false, reset: false });
    const empty = await pull(rest.value.cursor as number);
    expect(empty.queries).toHaveLength(1);
    expect(empty.value).toMatchObject({ cursor: rest.value.cursor, hasMore: false, reset: false, changes: [] });

    // A cursor beyond the user's counter (another database's) resets: read again in a transaction, from 0.
    const reset = await pull((rest.value.cursor as number) + 100, 10);
    expect(reset.queries.length).toBeGreaterThan(1);
    expect(reset.value).toMatchObject({ reset: true, hasMore: false, cursor: rest.value.cursor });
    expect(reset.value.changes).toHaveLength((first.value.changes as unknown[]).length + (rest.value.changes as unknown[]).length);
  });
});
