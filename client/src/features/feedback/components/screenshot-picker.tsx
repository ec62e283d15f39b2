import { Trans, useLingui } from '@lingui/react/macro';
import { mdiClose, mdiImagePlus } from '@mdi/js';
import { useEffect, useId, useMemo, useRef } from 'react';
import { IconButton } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import { FEEDBACK_MAX_FILES } from '@adhd/shared/feedback/schema';
import { formatSize } from '../data/validation';

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** Up to 3 screenshots: a file button (paste works on the whole form), previews with remove, the total size. */
export function ScreenshotPicker({ files, onChange, error }: { files: File[]; onChange(files: File[]): void; error: string | null }) {
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const size = formatSize(total);

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="text-sm font-medium text-ink">
        <Trans>Screenshots (optional)</Trans>
      </legend>
      {files.length > 0 && (
        <ul className="grid grid-cols-3 gap-2">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="relative overflow-hidden rounded-lg border border-line bg-surface-2">
              <img src={urls[i]} alt={t`Screenshot ${i + 1}: ${f.name}`} className="aspect-square w-full object-cover" />
              <IconButton
                icon={mdiClose}
                size="sm"
                label={t`Remove screenshot ${i + 1}`}
                className="absolute right-1 top-1 bg-surface/90"
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              />
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        className="peer sr-only"
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          e.target.value = '';
          if (chosen.length) onChange([...files, ...chosen]);
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-line px-4 text-sm text-muted hover:bg-surface-2',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary peer-focus-visible:outline-solid',
          files.length >= FEEDBACK_MAX_FILES && 'hidden',
        )}
      >
        <Icon path={mdiImagePlus} size={20} />
        <Trans>Add screenshots</Trans>
      </label>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted">
        {files.length ? (
          <Trans>
            {files.length} of 3 · {size} of 5 MB
          </Trans>
        ) : (
          <Trans>Up to 3 images (PNG, JPEG, WebP or GIF), 5 MB in total. You can also paste one.</Trans>
        )}
      </p>
    </fieldset>
  );
}
