import { useLingui } from '@lingui/react/macro';
import { mdiPlus, mdiSend } from '@mdi/js';
import { useState, type Ref } from 'react';
import { IconButton } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { TextField } from '../../../components/ui/text-field';

export interface QuickAddProps {
  /** Called with the trimmed title; the field is cleared at once, before the write lands. */
  onAdd(title: string): Promise<unknown> | void;
  label: string;
  placeholder: string;
  autoFocus?: boolean;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A one-line field that creates on Enter (or the send button). A blank title does nothing. Creation is
 * instant: the field clears and keeps the focus, ready for the next one.
 */
export function QuickAdd({ onAdd, label, placeholder, autoFocus, disabled, ref }: QuickAddProps) {
  const { t } = useLingui();
  const [title, setTitle] = useState('');
  const [failed, setFailed] = useState(false);
  const submit = () => {
    const trimmed = title.trim();
    if (!trimmed) return;
    setTitle('');
    setFailed(false);
    Promise.resolve(onAdd(trimmed)).catch((err: unknown) => {
      console.error('Quick add failed', err);
      setTitle((current) => current || trimmed);
      setFailed(true);
    });
  };
  return (
    <TextField
      ref={ref}
      label={label}
      hideLabel
      placeholder={placeholder}
      value={title}
      maxLength={500}
      autoFocus={autoFocus}
      disabled={disabled}
      enterKeyHint="done"
      autoComplete="off"
      onChange={(e) => setTitle(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
          e.preventDefault();
          submit();
        }
      }}
      error={failed ? t`Couldn’t add it. Please try again.` : undefined}
      start={<Icon path={mdiPlus} size={20} />}
      end={title.trim() ? <IconButton icon={mdiSend} size="sm" label={t`Add`} className="text-primary" onClick={submit} /> : undefined}
    />
  );
}
