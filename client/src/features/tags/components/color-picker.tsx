import { mdiCheck } from '@mdi/js';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { expandHex, isHexColor, PALETTE, PICKER_DEFAULT_COLOR, textColorOn } from '../lib/colors';
import { Button } from '../../../components/ui/button';
import { DialogActions, DialogShell } from './dialog-shell';
import { Icon } from '../../../components/ui/icon';

interface ColorPickerProps {
  value: string;
  onChange(hex: string): void;
  /** Max height of the swatch area in px; it scrolls beyond (SPEC section 9: 300, 150 in the tag dialog). */
  swatchMaxHeight?: number;
}

/** A grid of swatches plus a custom hex field ('Must be a valid hex color' for anything but #rgb / #rrggbb). */
export function ColorPicker({ value, onChange, swatchMaxHeight = 300 }: ColorPickerProps) {
  const { t } = useLingui();
  const hexId = useId();
  const errorId = useId();
  const [text, setText] = useState(value);
  const current = expandHex(value);
  // Follow outside changes (a swatch click, a reset) unless the field already holds the same colour.
  useEffect(() => {
    setText((old) => (isHexColor(old) && expandHex(old) === expandHex(value) ? old : value));
  }, [value]);
  const invalid = !isHexColor(text);

  return (
    <div className="flex flex-col gap-3">
      <div role="radiogroup" aria-label={t`Colours`} className="overflow-y-auto rounded-lg p-1" style={{ maxHeight: swatchMaxHeight }}>
        <div className="grid grid-cols-6 gap-2">
          {PALETTE.map((hex) => {
            const selected = hex === current;
            return (
              <button
                key={hex}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={hex}
                title={hex}
                onClick={() => {
                  setText(hex);
                  onChange(hex);
                }}
                style={{ backgroundColor: hex, color: textColorOn(hex) }}
                className={`grid h-11 place-items-center rounded-lg ring-1 ring-black/15 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:h-9 dark:ring-white/20 ${
                  selected ? 'outline-2 outline-offset-2 outline-ink' : ''
                }`}
              >
                {selected && <Icon path={mdiCheck} size={20} />}
              </button>
            );
          })}
        </div>
      </div>
      <div>
        <label htmlFor={hexId} className="mb-1 block text-sm font-medium">
          <Trans>Custom colour (hex)</Trans>
        </label>
        <div className="flex items-center gap-2">
          <span aria-hidden className="size-9 shrink-0 rounded-lg ring-1 ring-black/15 ring-inset dark:ring-white/20" style={{ backgroundColor: invalid ? 'transparent' : text }} />
          <input
            id={hexId}
            value={text}
            onChange={(e) => {
              const next = e.target.value.trim();
              setText(next);
              if (isHexColor(next)) onChange(expandHex(next));
            }}
            spellCheck={false}
            autoComplete="off"
            maxLength={7}
            placeholder="#4CAF50"
            aria-invalid={invalid}
            aria-describedby={invalid ? errorId : undefined}
            className="min-h-11 w-full rounded-lg border border-line bg-surface px-3 font-mono text-sm uppercase focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-danger sm:min-h-9"
          />
        </div>
        {invalid && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-danger">
            <Trans>Must be a valid hex color</Trans>
          </p>
        )}
      </div>
    </div>
  );
}

interface ColorPickerDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The colour it opens with; #4CAF50 when none is given (SPEC section 9). */
  value?: string;
  onSelect(hex: string): void;
}

/** The colour picker as a dialog titled 'Select a Color', with Cancel and Select. */
export function ColorPickerDialog({ open, onOpenChange, value, onSelect }: ColorPickerDialogProps) {
  const [draft, setDraft] = useState(value || PICKER_DEFAULT_COLOR);
  useEffect(() => {
    if (open) setDraft(value || PICKER_DEFAULT_COLOR);
  }, [open, value]);
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} title={<Trans>Select a Color</Trans>}>
      <ColorPicker value={draft} onChange={setDraft} />
      <DialogActions>
        <Button onClick={() => onOpenChange(false)}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          variant="primary"
          onClick={() => {
            onSelect(expandHex(draft));
            onOpenChange(false);
          }}
        >
          <Trans>Select</Trans>
        </Button>
      </DialogActions>
    </DialogShell>
  );
}
