import { ApiError, getToken, timeZone, type FieldError } from '../../../lib/api';
import { enqueueFeedback, flushOutbox, type OutboxFile, type OutboxItem, type SendOutcome } from './outbox';
import type { FeedbackDraft } from './validation';

/**
 * `POST /api/feedback` as multipart (CONTRACT.md "feedback"): the fields and up to 3 `screenshots`. A signed-in
 * sender's token goes along, so the server links the feedback to the account. Failures are `ApiError`s
 * (status 0 when the network could not be reached), like every other call of lib/api.ts.
 */
export async function postFeedback(fields: FeedbackDraft, files: readonly OutboxFile[]): Promise<{ _id: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('screenshots', new File([f.bytes], f.name, { type: f.type }));
  const headers: Record<string, string> = { 'x-timezone': timeZone() };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch('/api/feedback', { method: 'POST', body: form, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error. Please check your connection');
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok) return body as { _id: string };
  const error = (body.error ?? {}) as { code?: string; message?: string; details?: FieldError[] };
  throw new ApiError(res.status, error.code ?? `HTTP_${res.status}`, error.message ?? 'An unknown error occurred', error.details ?? [], body);
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Sends the feedback now, or keeps it in the outbox when the network is down (or the send could not reach the
 * server): 'sent' or 'saved'. Anything the server answered (a 400, the toggle's 403) is thrown to the form.
 */
export async function submitFeedback(fields: FeedbackDraft, files: readonly OutboxFile[]): Promise<'sent' | 'saved'> {
  if (!offline()) {
    try {
      await postFeedback(fields, files);
      return 'sent';
    } catch (err) {
      if (!(err instanceof ApiError && err.isNetwork)) throw err;
    }
  }
  await enqueueFeedback({ fields, files: [...files] });
  watchOutbox();
  return 'saved';
}

/** One kept submission sent again: a network failure, 429 or 5xx waits; any other refusal is dropped (logged). */
export async function resend(item: OutboxItem): Promise<SendOutcome> {
  try {
    await postFeedback(item.fields, item.files);
    return 'sent';
  } catch (err) {
    if (!(err instanceof ApiError) || err.isNetwork || err.status === 429 || err.status >= 500) return 'later';
    console.warn(`Feedback kept offline was refused by the server (${err.status} ${err.code}) and has been dropped:`, err.message);
    return 'refused';
  }
}

const listeners = new Set<(sent: number) => void>();
/** Tell `fn` each time kept feedback has been sent (the form's "sent" note). */
export function onOutboxSent(fn: (sent: number) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Send what the outbox holds (when online); listeners hear how many went. */
export async function sendOutbox(): Promise<number> {
  if (offline()) return 0;
  const sent = await flushOutbox(resend);
  if (sent) for (const l of [...listeners]) l(sent);
  return sent;
}

let watching = false;
/** Sends the outbox whenever the browser comes back online (once per page), and now if online. */
export function watchOutbox(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('online', () => void sendOutbox().catch(() => undefined));
}

/** The app's start, when the outbox flag is set: send now and whenever the network returns. */
export function resumeFeedbackOutbox(): void {
  watchOutbox();
  void sendOutbox().catch(() => undefined);
}
