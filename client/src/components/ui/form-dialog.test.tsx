import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { activateEnglish, renderWithI18n } from '../../test/kit';
import { DeleteConfirmDialog, DialogForm, FormDialog, type FormDialogViewing } from './form-dialog';

activateEnglish();

function Form({ dirty = false, viewing, onClose = vi.fn(), onSubmit = vi.fn() }: { dirty?: boolean; viewing?: FormDialogViewing; onClose?(): void; onSubmit?(): void }) {
  return (
    <FormDialog dirty={dirty} onClose={onClose} title="Edit thing" viewing={viewing} formId="thing-form" data-testid="thing-form">
      <DialogForm id="thing-form" onSubmit={onSubmit}>
        <input aria-label="Name" />
      </DialogForm>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('closes at once without changes, from Cancel and from Esc', async () => {
    const onClose = vi.fn();
    renderWithI18n(<Form onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before closing with changes: Keep editing stays, Discard closes', async () => {
    const onClose = vi.fn();
    renderWithI18n(<Form dirty onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('reads whether it is dirty at the moment of closing when given a function', async () => {
    const onClose = vi.fn();
    let changed = false;
    renderWithI18n(
      <FormDialog dirty={() => changed} onClose={onClose} title="Note" onSave={vi.fn()}>
        body
      </FormDialog>,
    );
    changed = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('submits its form with Save and with Enter in a field', async () => {
    const onSubmit = vi.fn();
    renderWithI18n(<Form onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('offers Delete, Close and Edit instead of Cancel and Save while viewing', async () => {
    const viewing = { onEdit: vi.fn(), onDelete: vi.fn() };
    const onClose = vi.fn();
    renderWithI18n(<Form viewing={viewing} onClose={onClose} />);
    const footer = screen.getByTestId('thing-form');
    expect(within(footer).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(footer).queryByRole('button', { name: 'Cancel' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(footer).getByRole('button', { name: 'Edit' }));
    await user.click(within(footer).getByRole('button', { name: 'Delete' }));
    const closes = within(footer).getAllByRole('button', { name: 'Close' });
    await user.click(closes.at(-1)!);
    expect([viewing.onEdit, viewing.onDelete, onClose].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('shows a failed save in the footer as an alert', () => {
    renderWithI18n(
      <FormDialog dirty={false} onClose={vi.fn()} title="Thing" onSave={vi.fn()} saveError="Couldn’t save the thing.">
        body
      </FormDialog>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Couldn’t save the thing.');
  });
});

describe('DeleteConfirmDialog', () => {
  function Harness({ remove, onDeleted }: { remove(): Promise<unknown>; onDeleted(): void }) {
    const [open, setOpen] = useState(true);
    return (
      <DeleteConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this thing?"
        message="It will be gone."
        errorText="Couldn’t delete the thing."
        what="Thing"
        remove={remove}
        onDeleted={onDeleted}
      />
    );
  }

  it('keeps the question open with the error when the delete fails, and closes after a delete that works', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const remove = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    const onDeleted = vi.fn();
    renderWithI18n(<Harness remove={remove} onDeleted={onDeleted} />);
    const user = userEvent.setup();
    const question = screen.getByRole('alertdialog', { name: 'Delete this thing?' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect((await within(question).findByRole('alert')).textContent).toBe('Couldn’t delete the thing.');
    expect(onDeleted).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Thing delete failed', expect.any(Error));
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDeleted).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});
