import Dexie, { type Table } from 'dexie';
import { FEEDBACK_OUTBOX_FLAG } from '../../../lib/feedback-outbox-flag';
import type { FeedbackDraft } from './validation';

/**
 * A screenshot kept with its submission: its name and type as chosen and its bytes (an ArrayBuffer clones into
 * IndexedDB everywhere; a Blob is made from it when sending).
 */
export interface OutboxFile {
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

export interface OutboxItem {
  id?: number;
  fields: FeedbackDraft;
  files: OutboxFile[];
  createdAt: string;
}

/**
 * Feedback written while offline: its own small IndexedDB database, apart from the signed-in user's data (a
 * visitor has none, and signing out must not lose a message already written).
 */
class FeedbackOutboxDb extends Dexie {
  items!: Table<OutboxItem, number>;
  constructor() {
    super('adhd-feedback-outbox');
    this.version(1).stores({ items: '++id, createdAt' });
  }
}

let db: FeedbackOutboxDb | null = null;
const outbox = () => (db ??= new FeedbackOutboxDb());

function setFlag(pending: boolean) {
  try {
    if (pending) localStorage.setItem(FEEDBACK_OUTBOX_FLAG, '1');
    else localStorage.removeItem(FEEDBACK_OUTBOX_FLAG);
  } catch {
    /* storage blocked: the outbox is still read when the feedback screen opens */
  }
}

export async function enqueueFeedback(item: Omit<OutboxItem, 'id' | 'createdAt'>): Promise<void> {
  await outbox().items.add({ ...item, createdAt: new Date().toISOString() });
  setFlag(true);
}

export const pendingFeedback = () => outbox().items.count();

/** What a send attempt says about a kept submission: sent, refused for good (dropped), or try later. */
export type SendOutcome = 'sent' | 'refused' | 'later';

let flushing: Promise<number> | null = null;

/**
 * Sends every kept submission in order through `send`; a sent or refused one is removed, and the first that
 * must wait (offline again, a server error) stops the round. Answers how many were sent. One round at a time.
 */
export function flushOutbox(send: (item: OutboxItem) => Promise<SendOutcome>): Promise<number> {
  flushing ??= (async () => {
    let sent = 0;
    try {
      for (const item of await outbox().items.orderBy('id').toArray()) {
        const outcome = await send(item);
        if (outcome === 'later') break;
        await outbox().items.delete(item.id!);
        if (outcome === 'sent') sent++;
      }
    } finally {
      setFlag((await outbox().items.count()) > 0);
    }
    return sent;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
