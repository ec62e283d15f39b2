import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excerpt } from './note-card';

/** The excerpt as it was before its patterns were made linear (issue 12, point 1): the reference for its results. */
function backtrackingExcerpt(content: string): string {
  return content
    .slice(0, 600)
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*([-*+]|\d+\.)\s+(\[[ xX]\]\s+)?/gm, '')
    .replace(/^\s*(#{1,6}|>)\s*/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/^-{3,}$/gm, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 180);
}

/** Markdown-ish text: the marks the excerpt strips, every kind of line end and some non-ASCII blanks. */
const markdownish = fc.string({
  unit: fc.constantFrom('a', 'b', '1', ' ', '\t', '\n', '\r', '\u2028', '\u00a0', '\f', '-', '*', '+', '.', '#', '>', '[', ']', '(', ')', '!', 'x', '`', '```', '~', '_'),
  maxLength: 120,
});

describe('excerpt', () => {
  it('reads markdown as plain text', () => {
    expect(excerpt('# Plan\n\nTalked about *deadlines*.\n\n- [x] Book [the dentist](https://d.example)\n- two\n\n```js\nx\n```\n\n> quote\n\n---')).toBe(
      'Plan Talked about deadlines. Book the dentist two quote',
    );
  });

  it.each([
    ['links and images', '![logo](a.png) see [docs](http://x/(y)) and [a[b](c) [x] (y) [z]'],
    ['items after blank lines', 'a\n\n\n   - b\n\u00a0* c\n\f1. d\n\r\n- [ ] e'],
    ['headings and quotes after blank lines', '\n\n  ## Title\n\n>  > q\n\u2028# x'],
  ])('answers what the backtracking patterns answered: %s', (_, content) => {
    expect(excerpt(content)).toBe(backtrackingExcerpt(content));
  });

  it('answers what the backtracking patterns answered, for any markdown-ish text', () => {
    fc.assert(
      fc.property(markdownish, (content) => excerpt(content) === backtrackingExcerpt(content)),
      { numRuns: 5_000 },
    );
  });
});
