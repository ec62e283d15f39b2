/** The part of FullCalendar 7's internal data manager this uses (checked at run time: without it nothing changes). */
interface DataManager {
  config: { onDataChange?: (data: unknown, actions: readonly { type: string }[]) => void };
}

/** The events that end a drag or a resize (FullCalendar's own listeners are on the document or the event). */
const END_EVENTS = ['mouseup', 'touchend', 'touchcancel'] as const;

/**
 * One render of FullCalendar for a drop instead of three. FullCalendar renders synchronously (flushSync) for every
 * drag action; on a drop it dispatches three in a row (the final drag state, its clearing, the moved event), each a
 * full render of the month. While the drag's end event is handled, this hands FullCalendar's change callback no
 * actions, so it does not force each render: React batches the three into one, right after the handler (a
 * discrete event's update, flushed in the same task, before the frame). During the drag (the mirror is looked for
 * in the DOM after each move) and at any other time FullCalendar is unchanged. Returns the undo.
 */
export function batchDropRenders(api: object, target: Window = window): () => void {
  const manager = (api as { currentDataManager?: DataManager }).currentDataManager;
  const config = manager?.config;
  const original = config?.onDataChange;
  if (!config || typeof original !== 'function') return () => undefined;
  let ending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const begin = () => {
    ending = true;
    // The bubbling listener below ends it; this too, should a handler stop the event's propagation.
    clearTimeout(timer);
    timer = setTimeout(end, 0);
  };
  const end = () => {
    ending = false;
  };
  config.onDataChange = (data, actions) => original.call(config, data, ending ? [] : actions);
  for (const type of END_EVENTS) {
    target.addEventListener(type, begin, true);
    target.addEventListener(type, end);
  }
  return () => {
    clearTimeout(timer);
    for (const type of END_EVENTS) {
      target.removeEventListener(type, begin, true);
      target.removeEventListener(type, end);
    }
    config.onDataChange = original;
  };
}
