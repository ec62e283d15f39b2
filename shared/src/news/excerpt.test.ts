import { describe, expect, it } from 'vitest';
import { plainText, shorten } from './excerpt.js';

describe('news excerpts', () => {
  it('drops Markdown marks, images, HTML and code blocks, keeping link texts', () => {
    const md = '# Title\n\n> quoted **bold** _it_ `code`\n\n- one\n1. two\n\n![img](x.png) [link](https://e.com) <b>x</b>\n\n```\nsecret()\n```\nend';
    expect(plainText(md)).toBe('Title. quoted bold it code one two link x end');
    expect(plainText('## What is new\n\n| Area | Change |\n|---|:--|\n| Tasks | Subtasks |')).toBe('What is new. Area Change Tasks Subtasks');
    expect(plainText('# Done!\nText')).toBe('Done! Text');
    expect(plainText('<script>alert(1)</script>Hi')).toBe('alert(1) Hi');
  });

  it('shortens at a word with an ellipsis, leaving short text alone', () => {
    expect(shorten('short', 10)).toBe('short');
    expect(shorten('one two three four five', 12)).toBe('one two…');
    expect(shorten('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
