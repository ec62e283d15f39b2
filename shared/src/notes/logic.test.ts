import { describe, expect, it } from 'vitest';
import { conflictCopyId, contentHash, splitPinned } from './logic.js';

describe('contentHash', () => {
  it('is stable and tells texts apart', () => {
    expect(contentHash('hello')).toBe(contentHash('hello'));
    expect(contentHash('hello')).not.toBe(contentHash('hello!'));
    expect(contentHash('')).toMatch(/^[0-9a-z]+$/);
  });

  it('derives one copy id per (note, losing text, winning text)', () => {
    expect(conflictCopyId('n', 'a', 'b')).toBe(conflictCopyId('n', 'a', 'b'));
    expect(conflictCopyId('n', 'a', 'b')).not.toBe(conflictCopyId('n', 'b', 'a'));
  });
});

describe('splitPinned', () => {
  const note = (_id: string, pinned: boolean, createdAt: string, updatedAt: string) => ({ _id, pinned, createdAt, updatedAt });
  const notes = [
    note('a', false, '2025-01-01', '2025-01-05'),
    note('b', true, '2025-01-02', '2025-01-03'),
    note('c', false, '2025-01-03', '2025-01-04'),
    note('d', true, '2025-01-04', '2025-01-01'),
  ];

  it('derives the pinned section and sorts both newest first by updatedAt', () => {
    const { pinned, others } = splitPinned(notes);
    expect(pinned.map((n) => n._id)).toEqual(['b', 'd']);
    expect(others.map((n) => n._id)).toEqual(['a', 'c']);
  });

  it('sorts by createdAt when asked', () => {
    expect(splitPinned(notes, 'createdAt').others.map((n) => n._id)).toEqual(['c', 'a']);
  });
});
