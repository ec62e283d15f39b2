import { addDays } from '@adhd/shared/time';
import type { Edge } from '../logic/month-layout';

/** Mouse and pen: moved this far (px) with the button down, it is a drag, not a click. */
export const MOUSE_SLOP = 4;
/** Touch: press and hold this long (ms) without moving more than TOUCH_SLOP, and the event is picked up. */
export const HOLD_MS = 300;
export const TOUCH_SLOP = 8;

export interface MonthDragOptions {
  /** Whether the event `id` may be picked up. */
  canDrag(id: string): boolean;
  /** The event `id`, grabbed at its day `from`, was dropped on the day `to` (another day). Runs in the pointerup. */
  drop(id: string, from: string, to: string): void;
  /** The first and last day (`YYYY-MM-DD`) of the event `id` when it may be resized, null otherwise. */
  resizable?(id: string): { first: string; last: string } | null;
  /** The `edge` of the event `id` was dragged to the day `to` (its days changed). Runs in the pointerup. */
  resize?(id: string, edge: Edge, to: string): void;
}

/** A resize handle held (mouse or pen): the event's days, and the day its edge is over. */
interface Resize {
  id: string;
  edge: Edge;
  pointerId: number;
  x0: number;
  y0: number;
  first: string;
  last: string;
  started: boolean;
  /** The day the edge is over (null: off the grid, nothing changes). */
  to: string | null;
  cells: HTMLElement[];
}

/** The days an event over `first`–`last` covers with its `edge` at `to`, never past the other end. */
function resizedRange(r: Resize, to: string): [string, string] {
  return r.edge === 'start' ? [to < r.last ? to : r.last, r.last] : [r.first, to > r.first ? to : r.first];
}

interface Drag {
  id: string;
  el: HTMLElement;
  pointerId: number;
  touch: boolean;
  x0: number;
  y0: number;
  /** The day of the event under the pointer when it was pressed (a multi-day bar moves by the day grabbed). */
  grabbed: string;
  started: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  mirror: HTMLElement | null;
  target: HTMLElement | null;
}

/** The window listeners of one gesture (capturing), added together; returns their removal. */
function gestureListeners(handlers: { move(e: PointerEvent): void; up(e: PointerEvent): void; cancel(e: PointerEvent): void; key(e: KeyboardEvent): void }): () => void {
  const { move, up, cancel, key } = handlers;
  window.addEventListener('pointermove', move, true);
  window.addEventListener('pointerup', up, true);
  window.addEventListener('pointercancel', cancel, true);
  window.addEventListener('keydown', key, true);
  return () => {
    window.removeEventListener('pointermove', move, true);
    window.removeEventListener('pointerup', up, true);
    window.removeEventListener('pointercancel', cancel, true);
    window.removeEventListener('keydown', key, true);
  };
}

/**
 * Drag and drop of the month grid's events between days, on pointer events (mouse, pen, touch), with no React
 * render while the pointer moves: a copy of the event (the mirror) follows the pointer by a transform, the day
 * under it is marked with a class, and the drop is handed to `drop` in the pointerup's task. A click stays a click
 * (MOUSE_SLOP); on touch the event is picked up after a press and hold (HOLD_MS), so a swipe still scrolls the
 * page. Esc cancels. The events are `[data-event-id]` elements with `data-seg-start` (the day their piece in the
 * row starts) and `data-span` (its days); the days are `[role="gridcell"][data-date]` elements inside `root`.
 *
 * Resize (all-day bars, as FullCalendar's month had it): a `.cal-m-resizer[data-edge="start"|"end"]` handle inside
 * an event, held with a mouse or pen (past MOUSE_SLOP), moves that edge over the days; the days the event would
 * cover are marked with a class (no render per move), never past its other end; Esc cancels; the release on a day
 * hands the new edge day to `resize`. A touch on a handle is a touch on the event (press and hold moves it).
 * Returns the detach.
 */
export function attachMonthDrag(root: HTMLElement, options: MonthDragOptions): () => void {
  let drag: Drag | null = null;
  let resizing: Resize | null = null;
  let swallowClick = false;
  /** The click that follows a drag or a resize (on the day or the event under the pointer) is not one. */
  const swallowNextClick = () => {
    swallowClick = true;
    setTimeout(() => (swallowClick = false), 0);
  };
  let detachGesture: (() => void) | null = null;

  const dayAt = (x: number, y: number): HTMLElement | null => {
    const cell = document.elementFromPoint(x, y)?.closest<HTMLElement>('[role="gridcell"][data-date]');
    return cell && root.contains(cell) ? cell : null;
  };

  const start = (d: Drag) => {
    d.started = true;
    const rect = d.el.getBoundingClientRect();
    const mirror = document.createElement('div');
    mirror.className = 'cal-root cal-m-mirror';
    mirror.style.cssText = `position:fixed;left:${rect.left}px;top:${rect.top}px;width:${rect.width}px;pointer-events:none;z-index:80;`;
    const copy = d.el.cloneNode(true) as HTMLElement;
    // The copy is no event of the grid (its tests and its own drag look for those).
    copy.removeAttribute('data-event-id');
    copy.removeAttribute('tabindex');
    for (const n of [copy, ...copy.querySelectorAll('[data-testid]')]) n.removeAttribute('data-testid');
    mirror.append(copy);
    document.body.append(mirror);
    d.mirror = mirror;
    // (No class on the grid itself: that would restyle every event in it, at the start and again in the drop.)
    d.el.classList.add('cal-m-dragging');
  };

  const mark = (d: Drag, cell: HTMLElement | null) => {
    if (cell === d.target) return;
    d.target?.classList.remove('cal-m-target');
    cell?.classList.add('cal-m-target');
    d.target = cell;
  };

  const endResize = () => {
    const r = resizing;
    if (!r) return;
    resizing = null;
    for (const c of r.cells) c.classList.remove('cal-m-target');
    detachGesture?.();
    detachGesture = null;
    if (r.started) swallowNextClick();
  };

  const onResizeMove = (e: PointerEvent) => {
    const r = resizing;
    if (!r || e.pointerId !== r.pointerId) return;
    if (!r.started) {
      if (Math.hypot(e.clientX - r.x0, e.clientY - r.y0) <= MOUSE_SLOP) return;
      r.started = true;
      r.cells = [...root.querySelectorAll<HTMLElement>('[role="gridcell"][data-date]')];
    }
    const to = dayAt(e.clientX, e.clientY)?.dataset.date ?? null;
    if (to === r.to) return;
    r.to = to;
    // The days the event would cover marked (42 cells; a class changes only where the range did).
    const [a, b] = to ? resizedRange(r, to) : ['', ''];
    for (const c of r.cells) {
      const date = c.dataset.date!;
      c.classList.toggle('cal-m-target', to !== null && date >= a && date <= b);
    }
  };

  const onResizeUp = (e: PointerEvent) => {
    const r = resizing;
    if (!r || e.pointerId !== r.pointerId) return;
    const to = r.started ? (dayAt(e.clientX, e.clientY)?.dataset.date ?? null) : null;
    endResize();
    if (!to) return;
    const [a, b] = resizedRange(r, to);
    if (a !== r.first || b !== r.last) options.resize?.(r.id, r.edge, r.edge === 'start' ? a : b);
  };

  const onResizeCancel = (e: PointerEvent) => {
    if (resizing && e.pointerId === resizing.pointerId) endResize();
  };

  const onResizeKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !resizing) return;
    e.preventDefault();
    e.stopPropagation();
    endResize();
  };

  /** A press on a resize handle with a mouse or pen. */
  const startResize = (e: PointerEvent, handle: HTMLElement) => {
    const id = handle.closest<HTMLElement>('[data-event-id]')?.dataset.eventId;
    const edge = handle.dataset.edge;
    if (!id || !root.contains(handle) || (edge !== 'start' && edge !== 'end')) return;
    const days = options.resizable?.(id);
    if (!days) return;
    resizing = { id, edge, pointerId: e.pointerId, x0: e.clientX, y0: e.clientY, first: days.first, last: days.last, started: false, to: null, cells: [] };
    // The handle keeps the pointer (and its ew-resize cursor) until the release.
    try {
      handle.setPointerCapture?.(e.pointerId);
    } catch {
      // (A pointer the browser does not know as active: the window's listeners still follow it.)
    }
    detachGesture = gestureListeners({ move: onResizeMove, up: onResizeUp, cancel: onResizeCancel, key: onResizeKey });
  };

  const end = () => {
    const d = drag;
    if (!d) return;
    drag = null;
    clearTimeout(d.timer);
    d.mirror?.remove();
    d.el.classList.remove('cal-m-dragging');
    d.target?.classList.remove('cal-m-target');
    detachGesture?.();
    detachGesture = null;
    if (d.started) swallowNextClick();
  };

  const onMove = (e: PointerEvent) => {
    const d = drag;
    if (!d || e.pointerId !== d.pointerId) return;
    const dx = e.clientX - d.x0;
    const dy = e.clientY - d.y0;
    if (!d.started) {
      const far = Math.hypot(dx, dy);
      if (d.touch) {
        if (far > TOUCH_SLOP) end(); // a swipe: the page scrolls
        return;
      }
      if (far <= MOUSE_SLOP) return;
      start(d);
    }
    d.mirror!.style.transform = `translate(${dx}px, ${dy}px)`;
    mark(d, dayAt(e.clientX, e.clientY));
  };

  const onUp = (e: PointerEvent) => {
    const d = drag;
    if (!d || e.pointerId !== d.pointerId) return;
    const started = d.started;
    const to = started ? (dayAt(e.clientX, e.clientY)?.dataset.date ?? null) : null;
    end();
    if (to && to !== d.grabbed) options.drop(d.id, d.grabbed, to);
  };

  const onCancel = (e: PointerEvent) => {
    if (drag && e.pointerId === drag.pointerId) end();
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !drag) return;
    e.preventDefault();
    e.stopPropagation();
    end();
  };

  // Once a touch drag has started the page must not scroll under it. (Listened to for as long as the grid is there:
  // a blocking listener added only after the touch began may not be waited for by the browser's scrolling.)
  const onTouchMove = (e: TouchEvent) => {
    if (drag?.started && e.cancelable) e.preventDefault();
  };

  const onDown = (e: PointerEvent) => {
    if (drag || resizing || !e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const target = e.target as Element;
    if (target.closest('button, a, input')) return; // a tick or a title button
    const handle = target.closest<HTMLElement>('.cal-m-resizer');
    if (handle && e.pointerType !== 'touch') {
      // A handle resizes, or (not resizable after all) does nothing: it never starts a move.
      startResize(e, handle);
      return;
    }
    const el = target.closest<HTMLElement>('[data-event-id]');
    const id = el?.dataset.eventId;
    if (!el || !id || !root.contains(el) || !options.canDrag(id)) return;
    const span = Number(el.dataset.span) || 1;
    const rect = el.getBoundingClientRect();
    const k = Math.min(span - 1, Math.max(0, Math.floor(((e.clientX - rect.left) / Math.max(rect.width, 1)) * span)));
    const d: Drag = {
      id,
      el,
      pointerId: e.pointerId,
      touch: e.pointerType === 'touch',
      x0: e.clientX,
      y0: e.clientY,
      grabbed: addDays(el.dataset.segStart!, k),
      started: false,
      timer: undefined,
      mirror: null,
      target: null,
    };
    drag = d;
    detachGesture = gestureListeners({ move: onMove, up: onUp, cancel: onCancel, key: onKey });
    if (d.touch) {
      d.timer = setTimeout(() => {
        if (drag !== d) return;
        start(d);
        mark(d, dayAt(d.x0, d.y0));
      }, HOLD_MS);
    }
  };

  const onClick = (e: MouseEvent) => {
    if (!swallowClick) return;
    swallowClick = false;
    e.stopPropagation();
    e.preventDefault();
  };
  // A press on an event neither focuses it nor starts a text selection: a drop removes the pressed element from its
  // day, and Chrome brings the whole page's style up to date (synchronously, in the drop) to remove a focused one.
  const onMouseDown = (e: MouseEvent) => {
    const target = e.target as Element;
    if (e.button === 0 && !target.closest('button, a, input') && target.closest('[data-event-id]')) e.preventDefault();
  };
  // A long press must not open the context menu of a touch screen.
  const onContextMenu = (e: Event) => {
    if (drag || resizing) e.preventDefault();
  };

  root.addEventListener('pointerdown', onDown);
  root.addEventListener('click', onClick, true);
  root.addEventListener('mousedown', onMouseDown);
  root.addEventListener('contextmenu', onContextMenu);
  root.addEventListener('touchmove', onTouchMove, { passive: false });
  return () => {
    end();
    endResize();
    root.removeEventListener('pointerdown', onDown);
    root.removeEventListener('click', onClick, true);
    root.removeEventListener('mousedown', onMouseDown);
    root.removeEventListener('contextmenu', onContextMenu);
    root.removeEventListener('touchmove', onTouchMove);
  };
}
