import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { LazyMarkdownPreview } from '../../../lib/markdown/lazy-preview';

/** The markdown cheatsheet (SPEC section 2, 600 px): each entry's syntax next to its live rendering. */
export function MarkdownCheatsheetDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useLingui();
  const entries: { label: string; source: string }[] = [
    { label: t`Headings`, source: '# Heading 1\n## Heading 2\n### Heading 3' },
    { label: t`Bold`, source: '**bold text**' },
    { label: t`Italic`, source: '*italic text*' },
    { label: t`Strikethrough`, source: '~~struck out~~' },
    { label: t`Inline code`, source: 'Use `code` inline' },
    { label: t`Code block`, source: '```\nconst answer = 42;\n```' },
    { label: t`Bullet list`, source: '- First item\n- Second item' },
    { label: t`Numbered list`, source: '1. First step\n2. Second step' },
    { label: t`Link`, source: '[Example](https://example.com)' },
    { label: t`Image`, source: '![App icon](/icons/icon-192.png)' },
    { label: t`Blockquote`, source: '> A quoted line' },
    { label: t`Task checkbox`, source: '- [ ] Something to do' },
    { label: t`Done checkbox`, source: '- [x] Something done' },
    { label: t`Horizontal rule`, source: 'Above\n\n---\n\nBelow' },
  ];
  return (
    <AppDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t`Markdown cheatsheet`}
      width={600}
      fullScreenOnNarrow
      data-testid="markdown-cheatsheet"
      footer={
        <Button variant="primary" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <ul className="flex flex-col divide-y divide-line">
        {entries.map((e) => (
          <li key={e.label} className="grid gap-2 py-3 sm:grid-cols-[8rem_1fr_1fr] sm:items-start">
            <span className="text-sm font-medium">{e.label}</span>
            <pre className="overflow-x-auto rounded-md bg-surface-2 px-2 py-1 font-mono text-xs whitespace-pre-wrap">{e.source}</pre>
            <div className="min-w-0 [&>div>*:first-child]:mt-0 [&>div>*:last-child]:mb-0 [&_img]:max-h-16">
              <LazyMarkdownPreview source={e.source} />
            </div>
          </li>
        ))}
      </ul>
    </AppDialog>
  );
}
