import { z } from 'zod/mini';
import { codeSchema, nameSchema, passwordSchema } from '@adhd/shared/users/schema';
import { emailSchema } from '@adhd/shared/validation/fields';
import type { FieldProblem } from './messages';

/**
 * Client-side checks with the same shared schemas the server uses, so both sides agree on every rule.
 * Each check answers the first problem of a field, or null.
 */
function check(schema: z.ZodMiniType, value: unknown): FieldProblem | null {
  const result = z.safeParse(schema, value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const i = issue as { minimum?: number | bigint; maximum?: number | bigint; exact?: boolean };
  const key = /^[a-z]+\.[a-zA-Z]+$/.test(issue.message) ? issue.message : 'validation.invalid';
  return {
    key,
    params: {
      min: i.minimum === undefined ? undefined : Number(i.minimum),
      max: i.maximum === undefined ? undefined : Number(i.maximum),
      length: i.exact ? Number(i.minimum ?? i.maximum) : undefined,
    },
  };
}

const required = (value: string): FieldProblem | null => (value.trim() === '' ? { key: 'validation.required' } : null);

export const checkEmail = (value: string) => required(value) ?? check(emailSchema, value);
export const checkName = (value: string) => check(nameSchema, value);
export const checkPassword = (value: string) => required(value) ?? check(passwordSchema, value);
/** Login takes any non-empty password (older accounts may predate the current rules). */
export const checkLoginPassword = (value: string) => required(value);
export const checkCode = (value: string) => required(value) ?? check(codeSchema, value.trim());
export const checkConfirm = (password: string, confirm: string): FieldProblem | null =>
  required(confirm) ?? (password === confirm ? null : { key: 'validation.passwordsMatch' });
export const checkTerms = (accepted: boolean): FieldProblem | null => (accepted ? null : { key: 'validation.terms' });

export type FieldProblems<F extends string> = Partial<Record<F, FieldProblem>>;

/** Runs the checks in order; the first field with a problem is the one to focus. */
export function validate<F extends string>(checks: [F, FieldProblem | null][]): { problems: FieldProblems<F>; first: F | null } {
  const problems: FieldProblems<F> = {};
  let first: F | null = null;
  for (const [field, problem] of checks) {
    if (!problem) continue;
    problems[field] = problem;
    first ??= field;
  }
  return { problems, first };
}
