import { MutationError, type MutationTx, type StoredRow } from '../sync/mutator.js';
import { addDays, daysBetween } from '../time.js';
import { parseRrule, untilOf, withRruleParts } from './rrule.js';
import { withEventDefaults, type EventData, type EventPatch } from './schema.js';
import { firstKey, occurrenceKey, seriesKeys } from './series.js';
import { putEvent, writableEvent } from './store.js';

/**
 * Occurrence edits, as calendar users know them: "this event", "this and following", "all events".
 * An occurrence is named by its key (`originalStart`: `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm` in the series' zone).
 */

type Scope = 'this' | 'following' | 'all';
type Patch = Omit<Partial<EventPatch>, 'seriesId' | 'originalStart'>;

const keyDate = (key: string) => key.slice(0, 10);
const spanDays = (e: EventData) => Math.max(0, daysBetween(e.startDate, e.endDate ?? e.startDate));

/** The series an occurrence belongs to, and its key: an override given by its own id stands for its occurrence. */
async function resolveSeries(tx: MutationTx, id: string, originalStart: string) {
  const row = await writableEvent(tx, id);
  if (row.data.seriesId && row.data.originalStart) {
    return { series: await writableEvent(tx, row.data.seriesId), key: row.data.originalStart };
  }
  return { series: row, key: originalStart };
}

async function overridesOf(tx: MutationTx, seriesId: string): Promise<StoredRow<EventData>[]> {
  return (await tx.children('event', seriesId)).map((r) => ({ ...r, data: withEventDefaults(r.data as Partial<EventData> & Pick<EventData, 'title' | 'startDate'>) }));
}

/** The dates and times of one occurrence of a series, as stored on an override. */
function occurrenceFields(series: EventData, key: string): Pick<EventData, 'startDate' | 'endDate' | 'startTime' | 'endTime'> {
  const date = keyDate(key);
  const span = spanDays(series);
  return { startDate: date, endDate: span > 0 ? addDays(date, span) : null, startTime: series.allDay ? null : (key.slice(11) || series.startTime), endTime: series.endTime };
}

/**
 * The series cut so that it ends before the occurrence `key`: with COUNT, the count of occurrences before it;
 * otherwise UNTIL the day before. `rest` is the rule of the occurrences from `key` on (null: none are left).
 * Null when `key` is at or before the series' first occurrence (nothing would be left before it).
 */
function cutRule(series: EventData, key: string): { before: string; rest: string | null } | null {
  const rule = series.recurrence ? parseRrule(series.recurrence) : undefined;
  if (!rule || key <= firstKey(series)) return null;
  if (rule.count === null) return { before: withRruleParts(rule, { UNTIL: untilOf(addDays(keyDate(key), -1)) }), rest: series.recurrence };
  const zone = series.timezone ?? 'UTC';
  const before = seriesKeys(series, series.startDate, addDays(keyDate(key), -1), zone).filter((k) => k < key).length;
  if (before === 0) return null;
  const left = rule.count - before;
  return { before: withRruleParts(rule, { COUNT: String(before) }), rest: left > 0 ? withRruleParts(rule, { COUNT: String(left) }) : null };
}

/** End the series before `key`; its overrides from `key` on are deleted. False when nothing would be left. */
async function endBefore(tx: MutationTx, series: StoredRow<EventData>, key: string): Promise<{ rest: string | null } | false> {
  const cut = cutRule(series.data, key);
  if (!cut) return false;
  for (const o of await overridesOf(tx, series.id)) if (o.data.originalStart && o.data.originalStart >= key) await tx.remove('event', o.id);
  await putEvent(tx, series.id, { ...series.data, recurrence: cut.before, exdates: series.data.exdates.filter((k) => k < key) });
  return { rest: cut.rest };
}

async function deleteSeries(tx: MutationTx, id: string): Promise<void> {
  for (const o of await overridesOf(tx, id)) await tx.remove('event', o.id);
  await tx.remove('event', id);
}

/** The series' whole-series update for an edit made on occurrence `key`: a moved occurrence moves them all. */
async function editAll(tx: MutationTx, series: StoredRow<EventData>, key: string, patch: Patch): Promise<void> {
  const old = series.data;
  const occStart = keyDate(key);
  const newStart = patch.startDate ?? occStart;
  const delta = daysBetween(occStart, newStart);
  const newEnd = patch.endDate !== undefined ? (patch.endDate ?? newStart) : addDays(newStart, spanDays(old));
  const startDate = addDays(old.startDate, delta);
  const endDate = daysBetween(newStart, newEnd) > 0 ? addDays(startDate, daysBetween(newStart, newEnd)) : null;
  const data: EventData = { ...old, ...patch, startDate, endDate };
  // Exdates and overrides are keyed by the occurrence start: they follow the series when it moves.
  const rekey = (k: string) => occurrenceKey(data, addDays(keyDate(k), delta));
  if (firstKey(data) !== firstKey(old)) {
    data.exdates = old.exdates.map(rekey);
    for (const o of await overridesOf(tx, series.id)) {
      if (o.data.originalStart) await tx.put('event', o.id, { ...o.data, originalStart: rekey(o.data.originalStart) });
    }
  }
  await putEvent(tx, series.id, data);
}

export async function editOccurrence(tx: MutationTx, a: { id: string; originalStart: string; scope: Scope; patch: Patch; newId?: string }): Promise<void> {
  const { series, key } = await resolveSeries(tx, a.id, a.originalStart);
  if (!series.data.recurrence || a.scope === 'all') return editAll(tx, series, key, a.patch);
  const needId = () => {
    if (!a.newId) throw new MutationError('VALIDATION', 'This value is not valid', [{ field: 'newId', key: 'validation.required', message: 'This field is required' }]);
    return a.newId;
  };
  if (a.scope === 'this') {
    const existing = (await overridesOf(tx, series.id)).find((o) => o.data.originalStart === key);
    if (existing) return putEvent(tx, existing.id, { ...existing.data, ...a.patch });
    const id = needId();
    if (await tx.get('event', id)) throw new MutationError('EXISTS', 'An event with this id already exists');
    const { recurrence: _r, exdates: _x, ...base } = series.data;
    return putEvent(tx, id, { ...base, recurrence: null, exdates: [], seriesId: series.id, originalStart: key, ...occurrenceFields(series.data, key), ...a.patch });
  }
  const id = needId();
  if (await tx.get('event', id)) throw new MutationError('EXISTS', 'An event with this id already exists');
  const cut = await endBefore(tx, series, key);
  if (cut === false) return editAll(tx, series, key, a.patch);
  const follow: EventData = {
    ...series.data,
    ...occurrenceFields(series.data, key),
    recurrence: cut.rest,
    exdates: series.data.exdates.filter((k) => k >= key),
    ...a.patch,
  };
  await putEvent(tx, id, follow);
}

export async function deleteOccurrence(tx: MutationTx, a: { id: string; originalStart: string; scope: Scope }): Promise<void> {
  const { series, key } = await resolveSeries(tx, a.id, a.originalStart);
  if (!series.data.recurrence || a.scope === 'all') return deleteSeries(tx, series.id);
  if (a.scope === 'following') {
    if ((await endBefore(tx, series, key)) === false) await deleteSeries(tx, series.id);
    return;
  }
  for (const o of await overridesOf(tx, series.id)) if (o.data.originalStart === key) await tx.remove('event', o.id);
  if (!series.data.exdates.includes(key)) await putEvent(tx, series.id, { ...series.data, exdates: [...series.data.exdates, key] });
}
