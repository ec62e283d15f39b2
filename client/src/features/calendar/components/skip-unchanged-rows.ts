/**
 * FullCalendar 7 re-renders every week row of the day grid whenever its event store changes: it slices all the
 * visible events again (new segment objects, new per-row arrays, new per-row drag objects), and its rows compare
 * their props by identity. A drop changes one event, and re-rendered all six rows (~600 event elements). This lets a
 * row skip its render when what it would draw is the same: the same events (definition and instance), at the same
 * dates and places, with the same look, and no drag, resize or selection touching it.
 *
 * The row component (`DayGridRow`) is not exported by FullCalendar; it is found once from a rendered row element
 * through React's fiber, and its `shouldComponentUpdate` is extended (FullCalendar's own check first). Without it
 * (another FullCalendar or React) nothing changes.
 */

type Obj = Record<string, unknown>;
interface Seg extends Obj {
  eventRange?: Obj & { instance?: { instanceId?: string } | null };
}
interface Interaction {
  segs: Seg[];
  affectedInstances: Record<string, unknown>;
}
type RowProps = Obj & { fgEventSegs?: Seg[] };
interface RowPrototype {
  shouldComponentUpdate(this: { props: RowProps }, nextProps: RowProps, nextState: unknown): boolean;
  renderLevelFgSegs?: unknown;
}

/** The row props that are arrays of segments, compared segment by segment. */
const SEG_KEYS = new Set(['fgEventSegs', 'bgEventSegs', 'businessHourSegs', 'dateSelectionSegs']);
/** The row props that are a drag or a resize cut to the row. */
const INTERACTION_KEYS = new Set(['eventDrag', 'eventResize']);

const time = (d: unknown) => (d instanceof Date ? d.valueOf() : d);

/** An event's look (`ui`): the same values, its arrays (class names, constraints) item by item. */
function uiEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const x = a as Obj;
  const y = b as Obj;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const key of keys) {
    const u = x[key];
    const v = y[key];
    if (u === v) continue;
    if (!Array.isArray(u) || !Array.isArray(v) || u.length !== v.length || u.some((item, i) => item !== v[i])) return false;
  }
  return true;
}

/** An event's range in a slice (`eventRange`): the same definition and instance, dates, flags and look. */
function eventRangeEqual(a: Obj | undefined, b: Obj | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    const u = a[key];
    const v = b[key];
    if (u === v) continue;
    if (key === 'ui') {
      if (!uiEqual(u, v)) return false;
    } else if (key === 'range') {
      const r = u as { start?: unknown; end?: unknown } | null;
      const s = v as { start?: unknown; end?: unknown } | null;
      if (!r || !s || time(r.start) !== time(s.start) || time(r.end) !== time(s.end)) return false;
    } else return false;
  }
  return true;
}

function segEqual(a: Seg, b: Seg): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (key === 'eventRange') {
      if (!eventRangeEqual(a.eventRange, b.eventRange)) return false;
    } else if (a[key] !== b[key]) return false;
  }
  return true;
}

/** Two segment lists that draw the same: the same length, each segment the same event at the same place. */
export function segsEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!segEqual(a[i] as Seg, b[i] as Seg)) return false;
  return true;
}

/** A drag or resize that draws nothing in the row: none, or one with no segment there and none of its events. */
function inert(ui: unknown, segs: Seg[] | undefined): boolean {
  if (!ui) return true;
  const { segs: own, affectedInstances } = ui as Interaction;
  if (own.length) return false;
  return !(segs ?? []).some((seg) => {
    const id = seg.eventRange?.instance?.instanceId;
    return id !== undefined && id in affectedInstances;
  });
}

/** Whether a day-grid row given `next` instead of `prev` draws the same. */
export function rowPropsEquivalent(prev: RowProps, next: RowProps): boolean {
  const keys = new Set([...Object.keys(prev), ...Object.keys(next)]);
  for (const key of keys) {
    const a = prev[key];
    const b = next[key];
    if (a === b) continue;
    if (SEG_KEYS.has(key)) {
      if (!segsEqual(a, b)) return false;
    } else if (INTERACTION_KEYS.has(key)) {
      if (!(inert(a, prev.fgEventSegs) && inert(b, next.fgEventSegs))) return false;
    } else return false;
  }
  return true;
}

const patched = new WeakSet<object>();

/** Extends a row class's `shouldComponentUpdate` (once): FullCalendar's check, then whether the row draws the same. */
export function patchRowClass(proto: RowPrototype): void {
  if (patched.has(proto)) return;
  patched.add(proto);
  const own = proto.shouldComponentUpdate;
  proto.shouldComponentUpdate = function (nextProps, nextState) {
    if (!own.call(this, nextProps, nextState)) return false;
    const self = this as { props: RowProps; state?: unknown };
    // A change of its own state (a measured height) always renders.
    if (self.state !== nextState) return true;
    return !rowPropsEquivalent(self.props, nextProps);
  };
}

interface Fiber {
  type: unknown;
  stateNode: unknown;
  return: Fiber | null;
}

/**
 * Finds FullCalendar's day-grid row class from a rendered row under `root` (React's fiber of the row element, up to
 * the class component that renders the day cells) and patches it. Returns whether the row class is patched.
 */
export function skipUnchangedRows(root: Element | null): boolean {
  const row = root?.querySelector('[role="row"] [role="gridcell"], [role="row"] [role="cell"]')?.closest('[role="row"]');
  if (!row) return false;
  const key = Object.keys(row).find((k) => k.startsWith('__reactFiber$'));
  let fiber = key ? ((row as unknown as Record<string, Fiber | undefined>)[key] ?? null) : null;
  for (let depth = 0; fiber && depth < 6; depth++, fiber = fiber.return) {
    const type = fiber.type;
    const proto = typeof type === 'function' ? (type.prototype as RowPrototype | undefined) : undefined;
    if (proto && typeof proto.shouldComponentUpdate === 'function' && typeof proto.renderLevelFgSegs === 'function') {
      patchRowClass(proto);
      return true;
    }
  }
  return false;
}
