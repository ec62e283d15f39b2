import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../db/database';
import { eachTestDb, renderWithI18n } from '../../../test/kit';
import { CaptureHost, preloadCaptureDialog } from './capture-host';

let db: AppDatabase;
// The dialog's chunk is in before anyone presses Q (the host preloads it at idle); the test loads it up front.
beforeAll(() => preloadCaptureDialog().then(() => undefined));
beforeEach(() => {
  window.history.replaceState(null, '', '/tasks');
  localStorage.clear();
});
eachTestDb((opened) => (db = opened), { domStandIns: true });

const USER = 'user-1';
const liveTexts = async () => (await db.inbox.toArray()).filter((r) => r.deleted === 0).map((r) => (r.data as { text: string }).text);
const field = () => screen.getByRole('textbox', { name: 'Thought' }) as HTMLTextAreaElement;
const dialog = () => screen.queryByRole('dialog', { name: 'Capture a thought' });
const pressQ = (target: Element = document.body, key = 'q') => fireEvent.keyDown(target, { code: 'KeyQ', key });

describe('Quick capture', () => {
  it('opens once the dialog chunk is in when Q comes before it', async () => {
    // A fresh copy of the module: its chunk not loaded yet.
    const { vi } = await import('vitest');
    vi.resetModules();
    const fresh = await import('./capture-host');
    renderWithI18n(<fresh.CaptureHost userId={USER} />);
    pressQ();
    await waitFor(() => expect(document.activeElement).toBe(field()));
    vi.resetModules();
  });


  it('opens on Q with the field focused at once, and on the floating button', async () => {
    renderWithI18n(<CaptureHost userId={USER} />);
    expect(dialog()).toBeNull();
    pressQ();
    // Focused synchronously, in the same task as the key press.
    expect(dialog()).not.toBeNull();
    expect(document.activeElement).toBe(field());
    expect(field().value).toBe(''); // the Q itself is not typed into the field
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(dialog()).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Capture (Q)' }));
    expect(document.activeElement).toBe(field());
  });

  it('opens on the Q key of a Russian layout (key й, code KeyQ), never with modifiers', () => {
    renderWithI18n(<CaptureHost userId={USER} />);
    fireEvent.keyDown(document.body, { code: 'KeyQ', key: 'q', ctrlKey: true });
    fireEvent.keyDown(document.body, { code: 'KeyA', key: 'q' });
    expect(dialog()).toBeNull();
    pressQ(document.body, 'й');
    expect(dialog()).not.toBeNull();
  });

  it('ignores Q typed into a text field, and while another dialog is open', () => {
    renderWithI18n(
      <>
        <input aria-label="Other field" />
        <div contentEditable suppressContentEditableWarning data-testid="editable">
          text
        </div>
        <CaptureHost userId={USER} />
      </>,
    );
    pressQ(screen.getByRole('textbox', { name: 'Other field' }));
    pressQ(screen.getByTestId('editable'));
    expect(dialog()).toBeNull();
    const other = document.createElement('div');
    other.setAttribute('role', 'dialog');
    document.body.append(other);
    pressQ();
    expect(dialog()).toBeNull();
    other.remove();
    pressQ();
    expect(dialog()).not.toBeNull();
  });

  it('stores on Enter, keeps the field open and focused, counts what was captured; Shift+Enter is a new line', async () => {
    renderWithI18n(<CaptureHost userId={USER} />);
    const user = userEvent.setup();
    pressQ();
    await user.type(field(), 'Call the dentist{Enter}');
    await waitFor(async () => expect(await liveTexts()).toEqual(['Call the dentist']));
    expect(field().value).toBe('');
    expect(document.activeElement).toBe(field());
    expect(await screen.findByText('Saved to inbox')).toBeTruthy();
    await user.type(field(), 'Groceries{Shift>}{Enter}{/Shift}milk, eggs{Enter}');
    await waitFor(async () => expect((await liveTexts()).sort()).toEqual(['Call the dentist', 'Groceries\nmilk, eggs']));
    expect(await screen.findByText('Saved to inbox (2 this time)')).toBeTruthy();
    // A blank Enter stores nothing.
    await user.type(field(), '   {Enter}');
    expect(await liveTexts()).toHaveLength(2);
    expect(dialog()).not.toBeNull();
  });

  it('keeps the draft through closing, unmounting (a reload) and reopening; clears it once stored', async () => {
    const first = renderWithI18n(<CaptureHost userId={USER} />);
    const user = userEvent.setup();
    pressQ();
    await user.type(field(), 'Half a thought');
    fireEvent.keyDown(field(), { key: 'Escape' });
    pressQ();
    expect(field().value).toBe('Half a thought');
    first.unmount();

    renderWithI18n(<CaptureHost userId={USER} />);
    pressQ();
    expect(field().value).toBe('Half a thought');
    await user.type(field(), ' finished{Enter}');
    await waitFor(async () => expect(await liveTexts()).toEqual(['Half a thought finished']));
    expect(localStorage.getItem(`inbox-draft:${USER}`)).toBeNull();
  });

  it('keeps drafts per user', async () => {
    localStorage.setItem('inbox-draft:someone-else', 'Not yours');
    renderWithI18n(<CaptureHost userId={USER} />);
    pressQ();
    expect(field().value).toBe('');
  });

  it('opens from ?capture=1 and takes the parameter out of the address', async () => {
    window.history.replaceState(null, '', '/inbox?capture=1');
    renderWithI18n(<CaptureHost userId={USER} />);
    await waitFor(() => expect(dialog()).not.toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(window.location.search).toBe('');
    await act(async () => {
      await userEvent.setup().type(field(), 'From the shortcut{Enter}');
    });
    await waitFor(async () => expect(await liveTexts()).toEqual(['From the shortcut']));
  });
});
