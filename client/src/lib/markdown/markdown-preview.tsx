import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { splitBlocks } from './blocks';
import { renderMarkdown } from './render';

/** Rendered blocks by their source text, shared by every preview: an edit re-renders only what changed. */
const cache = new Map<string, ReactNode>();
const CACHE_LIMIT = 4000;

function renderBlock(text: string): ReactNode {
  let node = cache.get(text);
  if (node === undefined) {
    node = renderMarkdown(text);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(text, node);
  }
  return node;
}

/** Run the pipeline once over every construct (JIT warm-up); the result is not kept. */
export function warmUp(): void {
  renderMarkdown('# h\n\n**b** _i_ ~~s~~ `c` [l](https://e.com)\n\n- a\n- [x] b\n\n1. n\n\n```\nx\n```\n\n> q\n\n| a |\n|---|\n| 1 |\n\n---');
}

/** Time the first render may spend: the top of a long note shows at once, the rest follows in slices. */
const FIRST_SLICE_MS = 4;
const SLICE_MS = 8;

/**
 * One block in its own box. `content-visibility: auto` lets the browser skip style, layout and paint of the
 * blocks outside the viewport, so appending the rest of a long note never re-lays out the whole preview.
 */
const Block = memo(function Block({ text }: { text: string }) {
  return <div className="[contain-intrinsic-size:auto_6rem] [content-visibility:auto] [&>*:first-child]:mt-0 [&>*:last-child]:mb-0 [&+&]:mt-3">{renderBlock(text)}</div>;
});

/** How many blocks fit in `budgetMs` starting at `from` (at least one), rendering them into the cache. */
function warm(blocks: readonly string[], from: number, budgetMs: number): number {
  const start = performance.now();
  let i = from;
  while (i < blocks.length) {
    renderBlock(blocks[i]!);
    i++;
    if (performance.now() - start > budgetMs) break;
  }
  return i;
}

export interface MarkdownPreviewProps {
  source: string;
  /** Called once every block is on screen (tests and the benchmark wait for it). */
  onComplete?(): void;
}

/**
 * The sanitised markdown preview (see `render.ts`). Long notes render progressively: the blocks that fit in
 * the first slice at once, the rest in short slices between frames, so typing and scrolling never stall.
 */
export function MarkdownPreview({ source, onComplete }: MarkdownPreviewProps) {
  const blocks = useMemo(() => splitBlocks(source), [source]);
  const [state, setState] = useState(() => ({ blocks, shown: warm(blocks, 0, FIRST_SLICE_MS) }));
  // A new text starts over with a first slice (blocks already rendered come from the cache at once).
  let shown = state.shown;
  if (state.blocks !== blocks) {
    shown = warm(blocks, 0, FIRST_SLICE_MS);
    setState({ blocks, shown });
  }
  const visible = Math.min(shown, blocks.length);

  useEffect(() => {
    if (visible >= blocks.length) {
      onComplete?.();
      return;
    }
    const timer = setTimeout(() => setState({ blocks, shown: warm(blocks, visible, SLICE_MS) }), 0);
    return () => clearTimeout(timer);
  }, [blocks, visible, onComplete]);

  return (
    <div className={PROSE} data-testid="markdown-preview" data-complete={visible >= blocks.length ? 'true' : 'false'}>
      {blocks.slice(0, visible).map((text, i) => (
        <Block key={`${i}:${text.length}`} text={text} />
      ))}
    </div>
  );
}

/** Typography for rendered markdown (Tailwind arbitrary variants; no plugin needed). */
export const PROSE = [
  'min-w-0 break-words text-[0.9375rem] leading-relaxed text-ink',
  '[&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold',
  '[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-0.5',
  '[&_li.task-list-item]:list-none [&_ul.contains-task-list]:pl-1 [&_input]:mr-2 [&_input]:align-middle [&_input]:accent-[var(--color-primary)]',
  '[&_a]:text-primary [&_a]:underline [&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-muted',
  '[&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]',
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-surface-2 [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_hr]:my-4 [&_hr]:border-line [&_img]:my-2 [&_img]:max-w-full [&_img]:rounded-lg [&_del]:opacity-70',
  '[&_table]:my-2 [&_table]:border-collapse [&_td]:border [&_td]:border-line [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-line [&_th]:px-2 [&_th]:py-1 [&_th]:bg-surface-2',
].join(' ');
