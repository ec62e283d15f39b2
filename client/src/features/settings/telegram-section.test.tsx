import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateEnglish, renderWithI18n } from '../../test/kit';
import { apiError, mockApi } from '../../test/screens';
import { TELEGRAM_POLL_MS, TelegramSection } from './telegram-section';

const CODE = 'c'.repeat(43);
const LINK = { code: CODE, url: `https://t.me/adhd_bot?start=${CODE}` };
const NOT_LINKED = { available: true, linked: false };
const LINKED = { available: true, linked: true, username: 'ada_tg' };

beforeEach(() => {
  activateEnglish();
  localStorage.setItem('auth_token', 'token-a');
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the Telegram section', () => {
  it('says when the server runs no bot, and offers no link', async () => {
    mockApi({ 'GET /api/telegram/status': { body: { available: false, linked: false } } });
    renderWithI18n(<TelegramSection />);
    expect(await screen.findByText('Telegram capture is not available on this server.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link Telegram' })).toBeNull();
  });

  it('links: opens t.me with the code, shows the link and the command, and "check again" reads the status', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    let status: object = NOT_LINKED;
    const api = mockApi({ 'GET /api/telegram/status': () => ({ body: status }), 'POST /api/telegram/link': { body: LINK } });
    renderWithI18n(<TelegramSection />);
    expect(await screen.findByText('Not connected')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Link Telegram' }));
    expect(open).toHaveBeenCalledWith(LINK.url, '_blank', 'noopener');
    // Shown in case the window was blocked.
    expect((await screen.findByRole<HTMLAnchorElement>('link', { name: LINK.url })).href).toBe(LINK.url);
    expect(screen.getByText(`/start ${CODE}`)).toBeTruthy();
    expect(api.called('POST /api/telegram/link')[0]!.headers.authorization).toBe('Bearer token-a');

    await userEvent.click(screen.getByRole('button', { name: "I've sent it — check again" }));
    expect(await screen.findByText(/Not linked yet\. In Telegram, press Start/)).toBeTruthy();
    status = LINKED;
    await userEvent.click(screen.getByRole('button', { name: "I've sent it — check again" }));
    expect(await screen.findByText('Connected as @ada_tg')).toBeTruthy();
    expect(screen.queryByText(`/start ${CODE}`)).toBeNull();
  });

  it('notices the link by itself every few seconds, and stops when the code has expired', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(window, 'open').mockReturnValue(null);
    let status: object = NOT_LINKED;
    const api = mockApi({ 'GET /api/telegram/status': () => ({ body: status }), 'POST /api/telegram/link': { body: LINK } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const view = renderWithI18n(<TelegramSection />);
    await user.click(await screen.findByRole('button', { name: 'Link Telegram' }));
    await screen.findByText(`/start ${CODE}`);
    const reads = api.called('GET /api/telegram/status').length;
    await act(() => vi.advanceTimersByTimeAsync(TELEGRAM_POLL_MS));
    expect(api.called('GET /api/telegram/status').length).toBe(reads + 1);
    status = LINKED;
    await act(() => vi.advanceTimersByTimeAsync(TELEGRAM_POLL_MS));
    expect(await screen.findByText('Connected as @ada_tg')).toBeTruthy();
    const after = api.called('GET /api/telegram/status').length;
    await act(() => vi.advanceTimersByTimeAsync(TELEGRAM_POLL_MS * 3));
    expect(api.called('GET /api/telegram/status').length).toBe(after);
    view.unmount();

    // A code nobody used: after its 10 minutes the section stops asking and says so.
    status = NOT_LINKED;
    renderWithI18n(<TelegramSection />);
    await user.click(await screen.findByRole('button', { name: 'Link Telegram' }));
    await screen.findByText(`/start ${CODE}`);
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000 + TELEGRAM_POLL_MS));
    expect(await screen.findByText('The link code has expired. Press "Link Telegram" for a new one.')).toBeTruthy();
    const stopped = api.called('GET /api/telegram/status').length;
    await act(() => vi.advanceTimersByTimeAsync(TELEGRAM_POLL_MS * 3));
    expect(api.called('GET /api/telegram/status').length).toBe(stopped);
  });

  it('unlinks after a confirmation', async () => {
    const api = mockApi({ 'GET /api/telegram/status': { body: LINKED }, 'POST /api/telegram/unlink': { body: { success: true } } });
    renderWithI18n(<TelegramSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Messages to the bot stop reaching your inbox. Items already saved stay.')).toBeTruthy();
    expect(api.called('POST /api/telegram/unlink')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(api.called('POST /api/telegram/unlink')).toHaveLength(1));
    expect(await screen.findByText('Not connected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link Telegram' })).toBeTruthy();
  });

  it('shows a lost connection, an unreachable Telegram and a bot that went away in words', async () => {
    let reply: ReturnType<typeof apiError> | 'network' = 'network';
    mockApi({ 'GET /api/telegram/status': { body: NOT_LINKED }, 'POST /api/telegram/link': () => reply });
    renderWithI18n(<TelegramSection />);
    const linkButton = await screen.findByRole('button', { name: 'Link Telegram' });
    await userEvent.click(linkButton);
    expect(await screen.findByText(/This needs a connection to the server/)).toBeTruthy();
    reply = apiError(503, 'TELEGRAM_UNREACHABLE', 'Telegram cannot be reached right now');
    await userEvent.click(linkButton);
    expect(await screen.findByText('Telegram cannot be reached right now. Please try again in a few minutes.')).toBeTruthy();
    reply = apiError(503, 'TELEGRAM_UNAVAILABLE', 'Telegram capture is not available on this server');
    await userEvent.click(linkButton);
    expect(await screen.findByText('Telegram capture is not available on this server.')).toBeTruthy();
  });

  it('offline, says it needs a connection and asks nothing', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = mockApi({});
    renderWithI18n(<TelegramSection />);
    expect(screen.getByText('Linking Telegram needs a connection to the server. You are offline.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
