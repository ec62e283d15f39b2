import { describe, expect, it } from 'vitest';
import { excerpt } from './note-card';

describe('excerpt', () => {
  it('reads markdown as plain text', () => {
    expect(excerpt('# Plan\n\nTalked about *deadlines*.\n\n- [x] Book [the dentist](https://d.example)\n- two\n\n```js\nx\n```\n\n> quote\n\n---')).toBe(
      'Plan Talked about deadlines. Book the dentist two quote',
    );
  });
});
