import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminNewsItem } from '@adhd/shared/news/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateEnglish, installDomStandIns } from '../../test/kit';
import { mockApi, renderScreen } from '../../test/screens';
import { AdminNewsScreen } from './admin-news-screen';

const stored = (patch: Partial<AdminNewsItem>): AdminNewsItem => ({
  _id: 'n1',
  title: 'Hello',
  content: 'Body',
  language: 'en',
  status: 'draft',
  publishedAt: null,
  customLayout: false,
  displayPath: 'hello',
  createdAt: '2026-03-05T09:00:00.000Z',
  updatedAt: '2026-03-05T09:00:00.000Z',
  ...patch,
});

/** A tiny in-memory server of the admin news routes. */
function fakeServer(initial: AdminNewsItem[] = []) {
  let items = [...initial];
  const api = mockApi({
    'GET /api/admin/news': (_b, url) => ({ body: items.filter((i) => i.language === url.searchParams.get('lang')) }),
    'POST /api/admin/news': (body) => {
      const draft = body as AdminNewsItem;
      if (items.some((i) => i.language === draft.language && i.displayPath === draft.displayPath))
        return { status: 409, body: { error: { code: 'DISPLAY_PATH_TAKEN', message: 'taken', details: [{ field: 'displayPath', key: 'news.displayPathTaken', message: 'taken' }] } } };
      const created = stored({ ...draft, _id: `n${items.length + 1}`, displayPath: draft.displayPath || 'made-from-title', status: 'draft' });
      items.push(created);
      return { status: 201, body: created };
    },
    'PUT /api/admin/news/n1': (body) => {
      items = items.map((i) => (i._id === 'n1' ? { ...i, ...(body as object), publishedAt: '2026-03-06T10:00:00.000Z' } : i));
      return { body: items.find((i) => i._id === 'n1') };
    },
    'DELETE /api/admin/news/n1': () => {
      items = items.filter((i) => i._id !== 'n1');
      return { body: { success: true } };
    },
  });
  return { api, items: () => items };
}

beforeEach(() => {
  activateEnglish();
  installDomStandIns();
});
afterEach(() => vi.restoreAllMocks());

describe('the admin news screen', () => {
  it('writes a new item with a preview, then shows it as a draft', async () => {
    const server = fakeServer();
    renderScreen(<AdminNewsScreen />, '/admin/news');
    expect(await screen.findByText('No news yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New news item' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Content is required')).toBeTruthy();
    expect(server.api.called('POST /api/admin/news')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Привет мир');
    expect(within(dialog).getByText(/The page: \/news\/en\/privet-mir/)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Text (Markdown)'), '**Strong** words');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Preview' }));
    expect((await within(dialog).findByText('Strong')).tagName).toBe('STRONG');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.api.called('POST /api/admin/news')[0]!.body).toEqual({ title: 'Привет мир', content: '**Strong** words', language: 'en', displayPath: '', customLayout: false });
    const row = await screen.findByTestId('admin-news-row');
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText('/news/en/made-from-title')).toBeTruthy();
  });

  it('shows a taken path at the field', async () => {
    fakeServer([stored({ displayPath: 'taken', title: 'Old' })]);
    renderScreen(<AdminNewsScreen />, '/admin/news');
    await userEvent.click(await screen.findByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Another');
    await userEvent.type(within(dialog).getByLabelText('Address'), 'Bad Path');
    await userEvent.type(within(dialog).getByLabelText('Text (Markdown)'), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Use only lowercase letters a-z, digits and dashes')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Address'));
    await userEvent.type(within(dialog).getByLabelText('Address'), 'taken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another news item in this language already uses this path')).toBeTruthy();
    expect(within(dialog).getByLabelText('Address').getAttribute('aria-invalid')).toBe('true');
  });

  it('publishes, unpublishes and deletes after a confirmation', async () => {
    const server = fakeServer([stored({})]);
    renderScreen(<AdminNewsScreen />, '/admin/news');
    const row = await screen.findByTestId('admin-news-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Publish' }));
    expect(await within(row).findByText('Published')).toBeTruthy();
    expect(server.api.called('PUT /api/admin/news/n1')[0]!.body).toEqual({ status: 'published' });
    expect(within(row).getByRole('link', { name: 'View' })).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Unpublish' }));
    expect(await within(row).findByText('Draft')).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this news item?' });
    expect(server.api.called('DELETE /api/admin/news/n1')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No news yet')).toBeTruthy();
    expect(server.items()).toEqual([]);
  });

  it('offline: says admin pages need the server, with a retry', async () => {
    mockApi({});
    renderScreen(<AdminNewsScreen />, '/admin/news');
    expect(await screen.findByText('Admin pages need the server. Try again when you are back online.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('the language tabs list each language’s items', async () => {
    fakeServer([stored({}), stored({ _id: 'r1', language: 'ru', title: 'Новость', displayPath: 'novost' })]);
    renderScreen(<AdminNewsScreen />, '/admin/news');
    expect(await screen.findByText('Hello')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Русский' }));
    expect(await screen.findByText('Новость')).toBeTruthy();
    expect(screen.queryByText('Hello')).toBeNull();
  });
});
