import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEEDBACK_OUTBOX_FLAG, hasPendingFeedback } from '../../../lib/feedback-outbox-flag';
import { mockApi } from '../../../test/screens';
import { enqueueFeedback, flushOutbox, pendingFeedback, type OutboxItem } from './outbox';
import { onOutboxSent, resend, sendOutbox, submitFeedback } from './send';

/** The offline outbox: kept submissions (fields and file bytes) in their own IndexedDB database, sent later. */

const fields = { name: 'Ada', email: 'ada@example.com', type: 'bug', message: 'The timer stops.' };
const png = () => ({ name: 'shot.png', type: 'image/png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer });

async function drain() {
  await flushOutbox(async () => 'refused');
}

let online = true;
beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  await drain();
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('the outbox', () => {
  it('keeps fields and file bytes and sets the start flag until everything is sent', async () => {
    await enqueueFeedback({ fields, files: [png()] });
    await enqueueFeedback({ fields: { ...fields, message: 'second' }, files: [] });
    expect(hasPendingFeedback()).toBe(true);
    const seen: OutboxItem[] = [];
    expect(await flushOutbox(async (item) => (seen.push(item), 'sent'))).toBe(2);
    expect(seen.map((i) => i.fields.message)).toEqual(['The timer stops.', 'second']);
    const kept = seen[0]!.files[0]!;
    expect(kept).toMatchObject({ name: 'shot.png', type: 'image/png' });
    expect(new Uint8Array(kept.bytes)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect(await pendingFeedback()).toBe(0);
    expect(localStorage.getItem(FEEDBACK_OUTBOX_FLAG)).toBeNull();
  });

  it('stops at the first item that must wait and keeps it and the rest; a refused one is dropped', async () => {
    await enqueueFeedback({ fields: { ...fields, message: 'refused' }, files: [] });
    await enqueueFeedback({ fields: { ...fields, message: 'later' }, files: [] });
    await enqueueFeedback({ fields: { ...fields, message: 'after' }, files: [] });
    const outcomes = { refused: 'refused', later: 'later', after: 'sent' } as const;
    const tried: string[] = [];
    const sent = await flushOutbox(async (item) => (tried.push(item.fields.message), outcomes[item.fields.message as keyof typeof outcomes]));
    expect(sent).toBe(0);
    expect(tried).toEqual(['refused', 'later']);
    expect(await pendingFeedback()).toBe(2);
    expect(hasPendingFeedback()).toBe(true);
  });
});

describe('sending', () => {
  it('resend: 201 sent; network, 429 and 5xx wait; another 4xx is dropped with a console note', async () => {
    const item: OutboxItem = { fields, files: [png()], createdAt: '' };
    const status = { value: 201 };
    const api = mockApi({ 'POST /api/feedback': () => (status.value === 0 ? 'network' : { status: status.value, body: status.value === 201 ? { _id: 'f1' } : { error: { code: 'X', message: 'no' } } }) });
    expect(await resend(item)).toBe('sent');
    const form = api.calls[0]!;
    expect(form.key).toBe('POST /api/feedback');
    for (const s of [0, 429, 503]) {
      status.value = s;
      expect(await resend(item)).toBe('later');
    }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    status.value = 400;
    expect(await resend(item)).toBe('refused');
    expect(warn).toHaveBeenCalledOnce();
  });

  it('sends the form as multipart with the bearer token of a signed-in user', async () => {
    localStorage.setItem('auth_token', 'tok-1');
    let body: unknown;
    const api = mockApi({ 'POST /api/feedback': (_b, _u, init) => ((body = init.body), { status: 201, body: { _id: 'f1' } }) });
    expect(await submitFeedback(fields, [png()])).toBe('sent');
    expect(api.calls[0]!.headers.authorization).toBe('Bearer tok-1');
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('message')).toBe('The timer stops.');
    const [file] = form.getAll('screenshots') as File[];
    expect([file!.name, file!.type, file!.size]).toEqual(['shot.png', 'image/png', 4]);
    expect(await pendingFeedback()).toBe(0);
  });

  it('keeps the submission when offline or when the send cannot reach the server, and sends it when back online', async () => {
    online = false;
    const api = mockApi({ 'POST /api/feedback': 'network' });
    expect(await submitFeedback(fields, [png()])).toBe('saved');
    expect(api.calls).toHaveLength(0);
    online = true;
    expect(await submitFeedback({ ...fields, message: 'two' }, [])).toBe('saved');
    expect(await pendingFeedback()).toBe(2);

    const heard: number[] = [];
    const off = onOutboxSent((n) => heard.push(n));
    mockApi({ 'POST /api/feedback': { status: 201, body: { _id: 'f' } } });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await pendingFeedback()).toBe(0));
    await vi.waitFor(() => expect(heard).toEqual([2]));
    expect(await sendOutbox()).toBe(0);
    off();
  });

  it('throws what the server answered (a 400 with its fields) instead of keeping it', async () => {
    mockApi({ 'POST /api/feedback': { status: 400, body: { error: { code: 'VALIDATION', message: 'Name is required', details: [{ field: 'name', key: 'feedback.nameRequired', message: 'Name is required' }] } } } });
    await expect(submitFeedback(fields, [])).rejects.toMatchObject({ status: 400, details: [{ field: 'name' }] });
    expect(await pendingFeedback()).toBe(0);
  });
});
