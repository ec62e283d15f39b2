import { describe, expect, it } from 'vitest';
import { splitBlocks } from './blocks';

describe('splitBlocks', () => {
  it('splits at blank lines', () => {
    expect(splitBlocks('# Title\n\npara one\nstill one\n\n\n- a\n- b\n')).toEqual(['# Title', 'para one\nstill one', '- a\n- b']);
  });

  it('keeps a fenced code block with blank lines together', () => {
    expect(splitBlocks('```js\nconst a = 1;\n\nconst b = 2;\n```\n\nafter')).toEqual(['```js\nconst a = 1;\n\nconst b = 2;\n```', 'after']);
    expect(splitBlocks('~~~\n```\n\n~~~\nx')).toEqual(['~~~\n```\n\n~~~\nx']);
  });

  it('keeps an indented continuation with the block before it', () => {
    expect(splitBlocks('- item\n\n  more of the item\n\nnext')).toEqual(['- item\n\n  more of the item', 'next']);
  });

  it('answers nothing for blank text', () => {
    expect(splitBlocks('  \n\n')).toEqual([]);
  });
});
