import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish } from '../../test/kit';
import { renderMarkdown } from './render';
import { DANGEROUS_URL, XSS_VECTORS } from './xss-corpus';

const FORBIDDEN_TAGS = ['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'style', 'link', 'meta', 'base', 'form', 'button', 'svg', 'math', 'template', 'textarea', 'select', 'video', 'audio', 'source', 'body'];

function inspect(markup: string) {
  const doc = new DOMParser().parseFromString(`<div id="root">${markup}</div>`, 'text/html');
  const problems: string[] = [];
  for (const el of doc.querySelectorAll('#root *')) {
    const tag = el.tagName.toLowerCase();
    if (FORBIDDEN_TAGS.includes(tag)) problems.push(`<${tag}>`);
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name) || attr.name === 'style' || attr.name === 'srcdoc') problems.push(`${tag}[${attr.name}]`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'cite'].includes(attr.name) && DANGEROUS_URL.test(attr.value)) {
        problems.push(`${tag}[${attr.name}=${attr.value}]`);
      }
    }
    if (tag === 'input' && el.getAttribute('type') !== 'checkbox') problems.push('<input> that is not a checkbox');
  }
  return problems;
}

describe('renderMarkdown', () => {
  // The task-list boxes are named in the active language.
  beforeAll(activateEnglish);
  it('renders the GitHub flavour: headings, emphasis, lists, task lists, code, quotes, tables, rules', () => {
    const html = renderToStaticMarkup(
      <>{renderMarkdown('# H\n\n**b** _i_ ~~s~~ `c`\n\n- a\n\n1. n\n\n- [ ] todo\n- [x] done\n\n```js\nx\n```\n\n> q\n\n| a |\n|---|\n| 1 |\n\n---\n\n[l](https://e.com)')}</>,
    );
    for (const tag of ['<h1>', '<strong>', '<em>', '<del>', '<code>', '<ul', '<ol>', '<pre>', '<blockquote>', '<table>', '<hr/>']) expect(html).toContain(tag);
    expect(html).toContain('type="checkbox"');
    expect(html).toMatch(/<a href="https:\/\/e\.com" target="_blank" rel="noopener noreferrer nofollow ugc">l<\/a>/);
  });

  it('names each task-list box by its state, read-only', () => {
    render(<>{renderMarkdown('- [ ] todo\n- [x] done')}</>);
    const open = screen.getByRole('checkbox', { name: 'Not done' });
    const done = screen.getByRole('checkbox', { name: 'Done' });
    expect((open as HTMLInputElement).checked).toBe(false);
    expect((done as HTMLInputElement).checked).toBe(true);
    expect((open as HTMLInputElement).disabled && (done as HTMLInputElement).disabled).toBe(true);
  });

  it('turns an image from another origin into a link and keeps same-origin images', () => {
    const html = renderToStaticMarkup(<>{renderMarkdown('![far](https://evil.example/p.png) ![near](/icons/icon-192.png)')}</>);
    expect(html).not.toContain('src="https://evil.example');
    expect(html).toContain('href="https://evil.example/p.png"');
    expect(html).toContain('<img src="/icons/icon-192.png" alt="near"');
  });

  it(`keeps no script, handler, dangerous tag or javascript:/data: URL from ${XSS_VECTORS.length} XSS vectors`, () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(200);
    const failures: string[] = [];
    for (const vector of XSS_VECTORS) {
      const problems = inspect(renderToStaticMarkup(<>{renderMarkdown(vector)}</>));
      if (problems.length) failures.push(`${vector} → ${problems.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });
});
