import { useLingui } from '@lingui/react/macro';
import { mdiPlus, mdiSend } from '@mdi/js';
import { useState } from 'react';
import { IconButton } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { TextField } from '../../../components/ui/text-field';

/** The capture field at the top of the inbox: Enter stores the thought at once and clears the field. */
export function InboxCaptureField({ onCapture }: { onCapture(text: string): Promise<unknown> }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const submit = () => {
    const thought = text.trim();
    if (!thought) return;
    setText('');
    setFailed(false);
    onCapture(thought).catch((err: unknown) => {
      console.error('Capture failed', err);
      setText((current) => current || thought);
      setFailed(true);
    });
  };
  return (
    <TextField
      label={t`Capture a thought`}
      hideLabel
      placeholder={t`Capture a thought…`}
      value={text}
      maxLength={10_000}
      enterKeyHint="done"
      autoComplete="off"
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
          e.preventDefault();
          submit();
        }
      }}
      error={failed ? t`Couldn’t save it. Your text is still here; please try again.` : undefined}
      start={<Icon path={mdiPlus} size={20} />}
      end={text.trim() ? <IconButton icon={mdiSend} size="sm" label={t`Add`} className="text-primary" onClick={submit} /> : undefined}
    />
  );
}
