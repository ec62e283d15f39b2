/**
 * TEMPORARY stand-in for helper I's data layer (replaced by re-exports of `./data/` when h16-I is merged).
 */
export type InboxSource = 'app' | 'telegram' | 'share';
export type InboxTarget = 'task' | 'event' | 'habit' | 'note';
export interface InboxItem {
  id: string;
  text: string;
  source: InboxSource;
  createdAt: string;
  updatedAt: string;
}
export interface InboxActions {
  capture(text: string, source?: InboxSource): Promise<string>;
  update(id: string, text: string): Promise<void>;
  remove(id: string): Promise<void>;
  restore(id: string): Promise<void>;
  removeMany(ids: string[]): Promise<void>;
  convert(id: string, to: InboxTarget, fields: Record<string, unknown>): Promise<string>;
  append(id: string, noteId: string): Promise<void>;
}
export function useInboxItems(): InboxItem[] | undefined {
  throw new Error('not merged yet');
}
export function useInboxCount(): number {
  throw new Error('not merged yet');
}
export function useInboxActions(): InboxActions {
  throw new Error('not merged yet');
}
export { splitInboxText } from '@adhd/shared/inbox/text';
