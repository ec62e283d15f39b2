import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moveToAttention } from '../../../db/attention';
import type { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import { deleteUserDb, openUserDb } from '../../../db/session';
import { activateLocale } from '../../../i18n';
import { useAttention } from '../data/queries';
import { AttentionNotice } from './attention-notice';
import { WithI18n } from '../../../test/kit';

/** The "needs attention" notice and list (issue 12, point 8), in both languages. */
let userId = '';
afterEach(async () => {
  await deleteUserDb(userId);
});

const WORDS = {
  en: {
    notice: '2 changes need attention',
    deleted: 'It was deleted on another device before this change arrived.',
    quota: 'Your storage is full. Delete things you no longer need, then try again.',
    restore: 'Restore as new',
    discard: 'Discard',
    tooLarge: 'It is too large to sync. Copy its text to split it into smaller pieces.',
    copy: 'Copy text',
    one: '1 change needs attention',
  },
  ru: {
    notice: '2 изменения требуют внимания',
    deleted: 'Это удалили на другом устройстве до того, как пришло изменение.',
    quota: 'Хранилище заполнено. Удалите то, что больше не нужно, и попробуйте снова.',
    restore: 'Восстановить как новое',
    discard: 'Отбросить',
    tooLarge: 'Это изменение слишком большое для синхронизации. Скопируйте текст, чтобы разбить его на части поменьше.',
    copy: 'Копировать текст',
    one: '1 изменение требует внимания',
  },
};

/** A database with two refused changes: a note edit (NOT_FOUND) and a task creation (QUOTA_EXCEEDED). */
async function seed(locale: string): Promise<AppDatabase> {
  userId = `attention-${locale}-${Date.now()}`;
  const db = openUserDb(userId);
  await mutate(db, 'note.create', { id: 'n1', title: 'Shopping list', content: 'milk, bread' });
  await mutate(db, 'note.update', { id: 'n1', content: 'milk, bread, coffee' });
  await mutate(db, 'task.create', { id: 't1', title: 'Book the flat' });
  await moveToAttention(db, [{ mutationId: 2, code: 'NOT_FOUND', message: 'Note not found' }]);
  await moveToAttention(db, [{ mutationId: 3, code: 'QUOTA_EXCEEDED', message: 'Storage quota exceeded' }]);
  return db;
}

function renderNotice() {
  return render(
    <WithI18n>
      <AttentionNotice />
    </WithI18n>,
  );
}

describe.each(['en', 'ru'] as const)('AttentionNotice (%s)', (locale) => {
  const w = WORDS[locale];

  it('shows the count, and the list with each reason; Restore as new brings a note back as a new note', async () => {
    await activateLocale(locale);
    const db = await seed(locale);
    renderNotice();
    await userEvent.click(await screen.findByRole('button', { name: w.notice }));
    const dialog = await screen.findByRole('dialog');
    const rows = within(dialog).getAllByTestId('attention-entry');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Shopping list')).toBeTruthy();
    expect(within(rows[0]!).getByText(w.deleted)).toBeTruthy();
    expect(within(rows[1]!).getByText('Book the flat')).toBeTruthy();
    expect(within(rows[1]!).getByText(w.quota)).toBeTruthy();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: w.restore }));
    await waitFor(() => expect(within(dialog).getAllByTestId('attention-entry')).toHaveLength(1));
    const notes = (await db.notes.toArray()).filter((n) => n.id !== 'n1' && !n.deleted);
    expect(notes.map((n) => n.data)).toEqual([expect.objectContaining({ title: 'Shopping list', content: 'milk, bread, coffee' })]);
    // The new note is an ordinary local change: it waits in the outbox to sync.
    expect((await db._outbox.toArray()).map((e) => e.name)).toContain('note.create');
  });

  it('offers Copy text, not Restore, for a change too large to sync', async () => {
    await activateLocale(locale);
    userId = `attention-large-${locale}-${Date.now()}`;
    const db = openUserDb(userId);
    const content = 'chapter one '.repeat(1000);
    await mutate(db, 'note.create', { id: 'big', title: 'Novel', content });
    await moveToAttention(db, [{ mutationId: 1, code: 'TOO_LARGE', message: 'too large' }], true);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderNotice();
    await userEvent.click(await screen.findByRole('button', { name: w.one }));
    const row = within(await screen.findByRole('dialog')).getByTestId('attention-entry');
    expect(within(row).getByText(w.tooLarge)).toBeTruthy();
    expect(within(row).queryByRole('button', { name: w.restore })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: w.copy }));
    expect(writeText).toHaveBeenCalledWith(content);
  });

  it('Discard drops an entry, and the notice goes once the list is empty', async () => {
    await activateLocale(locale);
    const db = await seed(locale);
    renderNotice();
    await userEvent.click(await screen.findByRole('button', { name: w.notice }));
    const dialog = await screen.findByRole('dialog');
    for (const row of within(dialog).getAllByTestId('attention-entry')) {
      await userEvent.click(within(row).getByRole('button', { name: w.discard }));
    }
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('attention-notice')).toBeNull();
    expect(await db._attention.count()).toBe(0);
  });
});

describe('useAttention with a closed database', () => {
  function Probe({ db }: { db: AppDatabase }) {
    const entries = useAttention(db);
    return <p data-testid="probe">{entries === undefined ? 'loading' : `${entries.length} entries`}</p>;
  }

  it('reads an empty list instead of throwing when another tab’s upgrade closed the database', async () => {
    const db = await seed('closed');
    expect(await db._attention.count()).toBe(2);
    db.close();
    render(<Probe db={db} />);
    expect((await screen.findByText('0 entries')).textContent).toBe('0 entries');
  });
});
