import { PrefilledEventDialog } from '../../calendar';
import { PrefilledHabitDialog } from '../../habits';
import { AppendToNoteDialog, PrefilledNoteDialog } from '../../notes';
import { PrefilledTaskDialog } from '../../tasks';
import type { ConvertChoice } from '../components/convert-menu';
import { splitInboxText, type ConvertFields, type InboxItem, type InboxTarget } from '../inbox-data';

export interface ConvertDialogProps {
  item: InboxItem;
  choice: ConvertChoice;
  /** Saves the conversion: the target created with `fields` and the item removed, in one write. */
  onConvert<T extends InboxTarget>(to: T, fields: ConvertFields[T]): Promise<void>;
  /** Appends the item (with `text`, maybe edited in the picker) to the note and removes it, in one write. */
  onAppend(noteId: string, text: string): Promise<void>;
  onClose(): void;
}

/**
 * The matching feature's own create dialog, pre-filled from the item (first line as the title, the rest as the
 * description or content); its save converts the item instead of creating. Cancel keeps the item.
 */
export function ConvertDialog({ item, choice, onConvert, onAppend, onClose }: ConvertDialogProps) {
  const { title, rest } = splitInboxText(item.text);
  switch (choice) {
    case 'task':
      return <PrefilledTaskDialog initial={{ title, description: rest }} onSave={(fields) => onConvert('task', fields)} onClose={onClose} />;
    case 'event':
      return <PrefilledEventDialog initial={{ title, description: rest }} onSave={(fields) => onConvert('event', fields)} onClose={onClose} />;
    case 'habit':
      return <PrefilledHabitDialog initial={{ title, description: rest }} onSave={(fields) => onConvert('habit', fields)} onClose={onClose} />;
    case 'note':
      // A note needs content: a one-line thought becomes its own content too.
      return <PrefilledNoteDialog initial={{ title, content: rest || item.text }} onSave={(values) => onConvert('note', values)} onClose={onClose} />;
    case 'append':
      return <AppendToNoteDialog open text={item.text} onClose={onClose} onAppend={onAppend} />;
  }
}
