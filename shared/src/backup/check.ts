import { z } from 'zod/mini';
import { habitDayId } from '../habits/schema.js';
import { tagNameKey } from '../tags/ids.js';
import { messageFor } from '../validation/messages.js';
import { EXPORT_FORMAT, EXPORT_SECTIONS, EXPORT_VERSION, exportDocumentSchema, type ExportData, type ExportDocument, type ExportSection } from './format.js';

/**
 * The whole-file check of an import (docs/export-format.md), run by the client before it uploads and by the
 * server before it writes anything: the format and version, every field (the domains' own schemas), then the
 * references: parent links (a task's parent, a folder's parent, a note's folder, a day's habit, an event override's series) must point inside
 * the file, as an export's always do. Tag ids are kept as they are: the app lets an item hold the id of a tag
 * that does not exist (REST takes any id), so an export may have such ids and must import as it is. Answers the
 * first problem.
 */

/** Why a file cannot be imported: where (`data.tasks[3].title`), a message key and its English text. */
export interface ExportProblem {
  path: string;
  key: string;
  message: string;
}

export const backupMessages = {
  'backup.notJson': 'The file is not valid JSON',
  'backup.notExport': 'The file is not an export of this app',
  'backup.newerVersion': 'The file was made by a newer version of the app. Update the app first',
  'backup.duplicateId': 'The same id appears twice',
  'backup.duplicateName': 'Two tags have the same name',
  'backup.missingReference': 'This refers to something that is not in the file',
  'backup.cycle': 'This item is inside itself',
  'backup.dayId': 'The id does not match the habit and date',
} as const;
export type BackupKey = keyof typeof backupMessages;

const problem = (path: string, key: string, message?: string): ExportProblem => ({
  path,
  key,
  message: message ?? (backupMessages as Record<string, string>)[key] ?? messageFor(key),
});

/** A zod path as text: `data.tasks[3].title`. */
export const pathText = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((out, p) => (typeof p === 'number' ? `${out}[${p}]` : out ? `${out}.${String(p)}` : String(p)), '');

export type CheckResult = { ok: true; doc: ExportDocument } | { ok: false; problem: ExportProblem };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Check a parsed JSON value as an export document (see the module comment). */
export function checkExport(input: unknown): CheckResult {
  // The format and version first: a file of another kind is not read any further.
  if (!isObject(input) || input.format !== EXPORT_FORMAT) return { ok: false, problem: problem('format', 'backup.notExport') };
  if (typeof input.version === 'number' && input.version > EXPORT_VERSION) return { ok: false, problem: problem('version', 'backup.newerVersion') };
  const parsed = z.safeParse(exportDocumentSchema, input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = /^[a-z]+\.[a-zA-Z]+$/.test(issue.message) ? issue.message : 'validation.invalid';
    return { ok: false, problem: problem(pathText(issue.path), key) };
  }
  const found = referenceProblem(parsed.data.data);
  return found ? { ok: false, problem: found } : { ok: true, doc: parsed.data };
}

/** Check a file's text: JSON first, then `checkExport`. */
export function checkExportText(text: string): CheckResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: problem('', 'backup.notJson') };
  }
  return checkExport(value);
}

type Row = { _id: string } & Record<string, unknown>;

/** The first duplicate id, dangling reference, tree cycle or wrong day id, section by section. */
function referenceProblem(data: ExportData): ExportProblem | null {
  const ids = {} as Record<ExportSection, Set<string>>;
  for (const [section] of EXPORT_SECTIONS) {
    const seen = new Set<string>();
    for (const [i, row] of (data[section] as Row[]).entries()) {
      if (seen.has(row._id)) return problem(`data.${section}[${i}]._id`, 'backup.duplicateId');
      seen.add(row._id);
    }
    ids[section] = seen;
  }
  const names = new Set<string>();
  for (const [i, tag] of data.tags.entries()) {
    const key = tagNameKey(tag.name);
    if (names.has(key)) return problem(`data.tags[${i}].name`, 'backup.duplicateName');
    names.add(key);
  }
  const refs: [ExportSection, string, ExportSection][] = [
    ['folders', 'parentFolder', 'folders'],
    ['tasks', 'parent', 'tasks'],
    ['notes', 'folder', 'folders'],
    ['habitDays', 'habit', 'habits'],
    ['events', 'seriesId', 'events'],
  ];
  for (const [section, field, target] of refs) {
    for (const [i, row] of (data[section] as Row[]).entries()) {
      const ref = row[field];
      if (typeof ref === 'string' && !ids[target].has(ref)) return problem(`data.${section}[${i}].${field}`, 'backup.missingReference');
    }
  }
  const cycle = cycleAt(data.folders, 'parentFolder') ?? cycleAt(data.tasks, 'parent');
  if (cycle !== null) return problem(`data.${cycle.section}[${cycle.index}].${cycle.field}`, 'backup.cycle');
  for (const [i, day] of data.habitDays.entries()) {
    if (day._id !== habitDayId(day.habit, day.date)) return problem(`data.habitDays[${i}]._id`, 'backup.dayId');
  }
  return null;
}

/** The first row of a tree that is its own ancestor, in one pass (each row is walked up once). */
function cycleAt(rows: Row[], field: 'parent' | 'parentFolder') {
  const section = field === 'parent' ? 'tasks' : 'folders';
  const parentOf = new Map(rows.map((r) => [r._id, r[field] as string | null]));
  const settled = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const path = new Set<string>();
    let cursor: string | null | undefined = row._id;
    while (cursor && !settled.has(cursor)) {
      if (path.has(cursor)) return { section, index, field };
      path.add(cursor);
      cursor = parentOf.get(cursor);
    }
    for (const id of path) settled.add(id);
  }
  return null;
}

/** The rows of a tree section ordered parents first (the file's order otherwise), for writing. */
export function parentsFirst<R extends Row>(rows: R[], field: 'parent' | 'parentFolder' | 'seriesId'): R[] {
  const byId = new Map(rows.map((r) => [r._id, r]));
  const done = new Set<string>();
  const out: R[] = [];
  const visit = (row: R) => {
    const chain: R[] = [];
    for (let r: R | undefined = row; r && !done.has(r._id); r = byId.get(r[field] as string)) {
      done.add(r._id);
      chain.push(r);
    }
    out.push(...chain.reverse());
  };
  rows.forEach(visit);
  return out;
}
