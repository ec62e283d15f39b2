import {
  compareOccurrences,
  expandEvent,
  expandWindow,
  isSeriesEvent,
  mayTouch,
  type ExpandWindow,
  type Occurrence,
} from '@adhd/shared/events/recurrence';
import { isTaskEvent } from '@adhd/shared/events/ranges';
import type { EventRow } from '@adhd/shared/events/schema';

/**
 * expandEvents (shared/events/recurrence.ts) with each event's own occurrences kept per (event object, range,
 * zone): after a write, which moves the user's version counter and so misses the answer cache (answer-cache.ts),
 * only what changed is expanded again (a series' rule walk, the zone arithmetic of every occurrence). The event
 * objects are parsed-events.ts's, one object per (row, version), never changed: a new version is a new key, and an
 * old one's entries go with its object (a WeakMap). A series is kept before its overrides are applied: they are
 * taken out per request, as expandEvents does inside the walk. Bounded: RANGES_PER_EVENT ranges per event object.
 */

/** Ranges (with zones) kept per event, least recently asked dropped first: a month and its neighbours. */
export const RANGES_PER_EVENT = 4;

export class SeriesExpansions {
  private readonly byEvent = new WeakMap<EventRow, Map<string, Occurrence[]>>();

  /** The same answer as expandEvents(events, from, to, timeZone). */
  expand(events: readonly EventRow[], from: string, to: string, timeZone: string): Occurrence[] {
    const w = expandWindow(events, from, to, timeZone);
    const key = `${from} ${to} ${timeZone}`;
    const out: Occurrence[] = [];
    for (const e of events) {
      // Far from the window: nothing to keep. Task events are made per request (repository.ts): no key.
      if (!mayTouch(e, w)) continue;
      if (isTaskEvent(e)) {
        expandEvent(e, w, out, undefined);
        continue;
      }
      const occs = this.occurrences(e, key, w);
      const replaced = isSeriesEvent(e) ? w.overridden.get(e._id) : undefined;
      if (!replaced) out.push(...occs);
      else for (const o of occs) if (!replaced.has(o.originalStart!)) out.push(o);
    }
    return out.sort(compareOccurrences);
  }

  /** `e`'s occurrences in the window, its overrides not yet applied. */
  private occurrences(e: EventRow, key: string, w: ExpandWindow): Occurrence[] {
    let ranges = this.byEvent.get(e);
    if (!ranges) this.byEvent.set(e, (ranges = new Map()));
    let occs = ranges.get(key);
    if (occs) {
      // Moved to the most recently asked end; alone, it is there (a Map's delete then set allocates its table
      // again when it empties, for each of a user's events on every request).
      if (ranges.size > 1) {
        ranges.delete(key);
        ranges.set(key, occs);
      }
      return occs;
    }
    occs = [];
    expandEvent(e, w, occs, undefined);
    if (ranges.size >= RANGES_PER_EVENT) ranges.delete(ranges.keys().next().value!);
    ranges.set(key, occs);
    return occs;
  }
}
