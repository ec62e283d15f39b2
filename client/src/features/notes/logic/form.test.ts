import fc from 'fast-check';
import { contentHash } from '@adhd/shared/notes/logic';
import { describe, expect, it } from 'vitest';
import { appendText, defaultNoteValues, isNoteDirty, planNoteUpdate, validateNote } from './form';

describe('validateNote', () => {
  it.each([
    [{ title: ' ', content: ' ' }, 'titleRequired'],
    [{ title: '', content: 'x' }, 'titleRequired'],
    [{ title: 'T', content: ' \n ' }, 'contentRequired'],
    [{ title: 'T', content: 'x' }, null],
  ])('%j → %s (the title is checked first)', (values, expected) => {
    expect(validateNote(values)).toBe(expected);
  });
});

describe('planNoteUpdate', () => {
  const initial = { ...defaultNoteValues(), title: 'T', content: 'v0', tags: ['a'] };

  it('sends only what changed, nothing when nothing did', () => {
    expect(planNoteUpdate('n', initial, { ...initial })).toBeNull();
    expect(planNoteUpdate('n', initial, { ...initial, pinned: true })).toEqual({ id: 'n', pinned: true });
    expect(planNoteUpdate('n', initial, { ...initial, tags: ['a', 'b'], folder: 'f' })).toEqual({ id: 'n', tags: ['a', 'b'], folder: 'f' });
  });

  it('adds the hash of the body the edit started from when the body changed', () => {
    expect(planNoteUpdate('n', initial, { ...initial, content: 'v1' })).toEqual({ id: 'n', content: 'v1', baseHash: contentHash('v0') });
  });

  it('tells a changed form from an untouched one', () => {
    expect(isNoteDirty(initial, { ...initial })).toBe(false);
    expect(isNoteDirty(initial, { ...initial, color: '#000000' })).toBe(true);
  });
});

describe('appendText', () => {
  it('adds the text after a blank line, trimming the ends', () => {
    expect(appendText('Monday\n\n', '  Tuesday ')).toBe('Monday\n\nTuesday');
    expect(appendText('', 'First')).toBe('First');
    expect(appendText('Keep', '   ')).toBe('Keep');
  });

  it('trims the end of the body as the old /\\s+$/ did, every kind of blank included', () => {
    const blank = fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2028', '\u3000', '\ufeff', 'a', 'b');
    fc.assert(
      fc.property(fc.string({ unit: blank, maxLength: 40 }), (content) => {
        const base = content.replace(/\s+$/, '');
        return appendText(content, 'x') === (base ? `${base}\n\nx` : 'x');
      }),
    );
  });
});
