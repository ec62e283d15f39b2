/** The part of FullCalendar 7's internal data manager this uses (checked at run time: without it nothing changes). */
interface DataManager {
  config: { onDataChange?: (data: unknown, actions: readonly { type: string }[]) => void };
}

/** The events that end a drag or a resize. */
const END_EVENTS = ['mouseup', 'touchend', 'touchcancel'] as const;

/**
 * One render of FullCalendar for a drop instead of three. FullCalendar renders synchronously (flushSync) for every
 * change of its data; a drop, which it handles in a timer it sets on the pointer's release, brings three in a row
 * (the final drag state, its clearing, the moved event), each a full render of the month. From the release until
 * that timer has run, the changes are held and handed to FullCalendar's change callback at once, in a microtask:
 * one synchronous render of the last state, in the same task, before the frame. During the drag (FullCalendar
 * looks for its mirror in the DOM after each move) and at any other time FullCalendar is unchanged.
 * Returns the undo.
 */
export function batchDropRenders(api: object, target: Window = window): () => void {
  const manager = (api as { currentDataManager?: DataManager }).currentDataManager;
  const config = manager?.config;
  const original = config?.onDataChange;
  if (!config || typeof original !== 'function') return () => undefined;
  let ending = false;
  let held: { data: unknown; actions: { type: string }[] } | null = null;
  const flush = () => {
    const changes = held;
    held = null;
    if (changes) original.call(config, changes.data, changes.actions);
  };
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (f: () => void) => {
    const id = setTimeout(() => {
      timers.delete(id);
      f();
    }, 0);
    timers.add(id);
  };
  const begin = () => {
    ending = true;
    // FullCalendar's timer is set after this (capturing) listener: a timer set from a timer runs after it.
    later(() =>
      later(() => {
        ending = false;
        flush();
      }),
    );
  };
  config.onDataChange = (data, actions) => {
    if (!ending) return original.call(config, data, actions);
    if (!held) queueMicrotask(flush);
    held = { data, actions: [...(held?.actions ?? []), ...actions] };
  };
  for (const type of END_EVENTS) target.addEventListener(type, begin, true);
  return () => {
    for (const id of timers) clearTimeout(id);
    for (const type of END_EVENTS) target.removeEventListener(type, begin, true);
    flush();
    config.onDataChange = original;
  };
}
