import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Schema } from 'hast-util-sanitize';
import { createElement, Fragment, type ReactNode } from 'react';
import { jsx, jsxs } from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * Markdown → React elements, never HTML strings (docs/notes.md, "Sanitising"):
 * remark-parse + remark-gfm build the syntax tree, remark-rehype turns it into HTML nodes WITHOUT raw HTML
 * (`allowDangerousHtml` stays false, so `<script>` typed in a note is dropped as text-less raw nodes),
 * rehype-sanitize applies GitHub's allow-list (no event handlers, no `style`, no `javascript:`/`data:`
 * URLs), and rehype-react creates React elements, which React escapes again. No `dangerouslySetInnerHTML`.
 */
const schema: Schema = {
  ...defaultSchema,
  // Only web and mail links; images only over http(s). Anything else (javascript:, data:, vbscript:…) is dropped.
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto'], src: ['http', 'https'], cite: ['http', 'https'] },
  // Task-list checkboxes stay, read-only.
  attributes: { ...defaultSchema.attributes, input: [['type', 'checkbox'], ['disabled', true], 'checked'] },
};

/** A task-list box (`- [x]`): read-only, named by its state (axe: every form field has a name). */
function TaskListBox(props: { checked?: boolean }) {
  const checked = props.checked === true;
  return createElement('input', { type: 'checkbox', disabled: true, checked, readOnly: true, 'aria-label': checked ? i18n._(msg`Done`) : i18n._(msg`Not done`) });
}

function SafeLink(props: { href?: string; children?: ReactNode }) {
  return createElement('a', { href: props.href, target: '_blank', rel: 'noopener noreferrer nofollow ugc' }, props.children);
}

/** Whether `src` is on this app's own origin (relative URLs are). */
function sameOrigin(src: string): boolean {
  try {
    return typeof location !== 'undefined' && new URL(src, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

/**
 * Images from this origin are shown; an image elsewhere becomes a link to it instead. The page's CSP only
 * allows its own images, and loading third-party images would also tell their hosts when a note is read.
 */
function SafeImage(props: { src?: string; alt?: string }) {
  const src = props.src ?? '';
  if (src && sameOrigin(src)) return createElement('img', { src, alt: props.alt ?? '', loading: 'lazy', referrerPolicy: 'no-referrer' });
  if (!src) return createElement('span', null, props.alt ?? '');
  return createElement('a', { href: src, target: '_blank', rel: 'noopener noreferrer nofollow ugc', 'data-image-link': '' }, `🖼 ${props.alt || src}`);
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize, schema)
  .use(rehypeReact, { Fragment, jsx, jsxs, components: { a: SafeLink, img: SafeImage, input: TaskListBox } } as never);

/** The markdown `source` as sanitised React elements. */
export function renderMarkdown(source: string): ReactNode {
  const tree = processor.runSync(processor.parse(source));
  return processor.stringify(tree) as unknown as ReactNode;
}
