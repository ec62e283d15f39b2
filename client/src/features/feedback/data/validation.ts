import { z } from 'zod/mini';
import { FEEDBACK_MAX_FILES, FEEDBACK_MAX_TOTAL_BYTES, feedbackSchema } from '@adhd/shared/feedback/schema';

/** The fields of the form, as typed. */
export interface FeedbackDraft {
  name: string;
  email: string;
  type: string;
  message: string;
}

export type FeedbackField = keyof FeedbackDraft | 'screenshots';
/** Each bad field's message key (SPEC section 5), in form order. */
export type FeedbackProblems = Partial<Record<FeedbackField, string>>;

export const FIELD_ORDER: readonly FeedbackField[] = ['name', 'email', 'type', 'message', 'screenshots'];

/** 'Maximum 3 files allowed' or 'Total file size exceeds 5MB limit' for the chosen files, or null. */
export function checkFiles(files: readonly { size: number }[]): string | null {
  if (files.length > FEEDBACK_MAX_FILES) return 'feedback.tooManyFiles';
  if (files.reduce((sum, f) => sum + f.size, 0) > FEEDBACK_MAX_TOTAL_BYTES) return 'feedback.filesTooLarge';
  return null;
}

/** The same checks the server runs (the shared `feedbackSchema`), plus the file limits. */
export function checkFeedback(draft: FeedbackDraft, files: readonly { size: number }[]): FeedbackProblems {
  const problems: FeedbackProblems = {};
  const result = z.safeParse(feedbackSchema, draft);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]) as FeedbackField;
      const key = /^[a-z]+\.[a-zA-Z]+$/.test(issue.message) ? issue.message : 'validation.invalid';
      problems[field] ??= key;
    }
  }
  const fileProblem = checkFiles(files);
  if (fileProblem) problems.screenshots = fileProblem;
  return problems;
}

/** A server 400's field details as problems of this form (other fields are left out). */
export function problemsFromDetails(details: readonly { field: string; key: string }[]): FeedbackProblems {
  const problems: FeedbackProblems = {};
  for (const d of details) if ((FIELD_ORDER as readonly string[]).includes(d.field)) problems[d.field as FeedbackField] ??= d.key;
  return problems;
}

/** "1.2 MB", "340 KB": the size shown under the screenshots. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
