import { afterEach, describe, expect, it, vi } from 'vitest';
import * as idle from '../lib/idle';
import type { LocalRow } from './database';
import { decodeInSlices } from './decode-slices';

const now = '2026-01-01T00:00:00.000Z';
const row = (i: number, deleted = 0): LocalRow => ({ id: `t${i}`, data: { title: `T${i}` }, deleted, createdAt: now, updatedAt: now, version: i + 1, parentId: null }) as LocalRow;
const decode = (r: LocalRow) => (r.id === 't3' ? null : { id: r.id, title: (r.data as { title: string }).title });

afterEach(() => vi.restoreAllMocks());

describe('decodeInSlices', () => {
  it('decodes rows and stored JSON texts alike, leaving out tombstones and refused rows', async () => {
    const rows = [row(0), row(1, 1), row(2), row(3)];
    const fromRows = await decodeInSlices(rows, decode);
    const fromTexts = await decodeInSlices(rows.map((r) => JSON.stringify(r)), decode);
    expect([...fromRows.keys()]).toEqual(['t0', 't2']);
    expect([...fromTexts.entries()]).toEqual([...fromRows.entries()]);
    expect(fromRows.get('t2')).toEqual({ id: 't2', title: 'T2' });
  });

  it('yields to the browser between slices and still decodes every row in order', async () => {
    const yields = vi.spyOn(idle, 'yieldToMain');
    const rows = Array.from({ length: 1000 }, (_, i) => JSON.stringify(row(i)));
    // A slice of 0 ms: a yield after every 64 rows.
    const out = await decodeInSlices(rows, decode, 0);
    expect(out.size).toBe(999);
    expect([...out.keys()].slice(0, 4)).toEqual(['t0', 't1', 't2', 't4']);
    expect(yields).toHaveBeenCalledTimes(15);
  });
});
