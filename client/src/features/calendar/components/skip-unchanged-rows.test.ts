import { describe, expect, it } from 'vitest';
import { patchRowClass, rowPropsEquivalent, segsEqual } from './skip-unchanged-rows';

// FullCalendar's shapes, reduced: a definition and an instance are kept while the event is unchanged; slicing the
// event store again gives new segments, event ranges, ranges and looks (ui) for every event.
const def = (id: string) => ({ defId: id, title: id });
const instance = (id: string) => ({ instanceId: `i-${id}`, defId: id });
const defs = { a: def('a'), b: def('b') };
const instances = { a: instance('a'), b: instance('b') };
const day = (d: number) => new Date(Date.UTC(2026, 10, d));
/** A fresh slice of event `id` on day `d` (column `col`), as FullCalendar gives after each change of its store. */
function seg(id: 'a' | 'b', d: number, col: number, ui: { classNames: string[]; backgroundColor: string } = { classNames: ['x'], backgroundColor: '' }) {
  return {
    row: 0,
    start: col,
    end: col + 1,
    isStart: true,
    isEnd: true,
    eventRange: { def: defs[id], instance: instances[id], range: { start: day(d), end: day(d + 1) }, ui: { ...ui, classNames: [...ui.classNames] }, isStart: true, isEnd: true },
  };
}
const drag = (segs: unknown[], ids: string[]) => ({ segs, isEvent: true, affectedInstances: Object.fromEntries(ids.map((id) => [id, {}])) });
const row = (props: Record<string, unknown>) => ({ cells: 'cells', dayMaxEvents: 4, bgEventSegs: [], eventDrag: null, eventResize: null, eventSelection: '', ...props });

describe('rowPropsEquivalent', () => {
  it('holds for a new slice of the same events (new segment objects and arrays)', () => {
    expect(segsEqual([seg('a', 2, 1), seg('b', 3, 2)], [seg('a', 2, 1), seg('b', 3, 2)])).toBe(true);
    expect(rowPropsEquivalent(row({ fgEventSegs: [seg('a', 2, 1)] }), row({ fgEventSegs: [seg('a', 2, 1)], bgEventSegs: [] }))).toBe(true);
  });

  it('fails for a moved, added, removed or restyled event, or another prop', () => {
    const before = row({ fgEventSegs: [seg('a', 2, 1)] });
    expect(rowPropsEquivalent(before, row({ fgEventSegs: [seg('a', 3, 2)] }))).toBe(false);
    expect(rowPropsEquivalent(before, row({ fgEventSegs: [seg('a', 2, 1), seg('b', 2, 1)] }))).toBe(false);
    expect(rowPropsEquivalent(before, row({ fgEventSegs: [] }))).toBe(false);
    expect(rowPropsEquivalent(before, row({ fgEventSegs: [seg('a', 2, 1, { classNames: ['y'], backgroundColor: '' })] }))).toBe(false);
    expect(rowPropsEquivalent(before, row({ fgEventSegs: [seg('a', 2, 1, { classNames: ['x'], backgroundColor: 'red' })] }))).toBe(false);
    const moved = { ...seg('a', 2, 1), eventRange: { ...seg('a', 2, 1).eventRange, instance: instance('a') } };
    expect(rowPropsEquivalent(before, row({ fgEventSegs: [moved] }))).toBe(false);
    expect(rowPropsEquivalent(before, row({ fgEventSegs: [seg('a', 2, 1)], cells: 'other cells' }))).toBe(false);
    expect(rowPropsEquivalent(before, row({ fgEventSegs: [seg('a', 2, 1)], eventSelection: 'i-a' }))).toBe(false);
  });

  it('treats the end of a drag as no change only for a row the drag did not touch', () => {
    // A row without the dragged event and without its mirror: the drag's end draws nothing new there.
    const untouched = [seg('b', 3, 2)];
    expect(rowPropsEquivalent(row({ fgEventSegs: untouched, eventDrag: drag([], ['i-a']) }), row({ fgEventSegs: [seg('b', 3, 2)] }))).toBe(true);
    // The row the dragged event was hidden in (a drop put back, or on its own day): it must show it again.
    const home = [seg('a', 2, 1)];
    expect(rowPropsEquivalent(row({ fgEventSegs: home, eventDrag: drag([], ['i-a']) }), row({ fgEventSegs: [seg('a', 2, 1)] }))).toBe(false);
    // The row the drag's highlight is in.
    expect(rowPropsEquivalent(row({ fgEventSegs: untouched, eventDrag: drag([seg('a', 3, 2)], ['i-a']) }), row({ fgEventSegs: [seg('b', 3, 2)] }))).toBe(false);
    // A drag starting.
    expect(rowPropsEquivalent(row({ fgEventSegs: home }), row({ fgEventSegs: home, eventDrag: drag([], ['i-a']) }))).toBe(false);
    expect(rowPropsEquivalent(row({ fgEventSegs: untouched, eventResize: drag([seg('b', 3, 3)], ['i-b']) }), row({ fgEventSegs: untouched }))).toBe(false);
  });
});

describe('patchRowClass', () => {
  it("keeps FullCalendar's answer when it skips, and skips a row that draws the same", () => {
    let own = true;
    class Row {
      props: Record<string, unknown>;
      state = {};
      constructor(props: Record<string, unknown>) {
        this.props = props;
      }
      shouldComponentUpdate(_next: unknown, _state: unknown) {
        return own;
      }
      renderLevelFgSegs() {}
    }
    patchRowClass(Row.prototype);
    patchRowClass(Row.prototype);
    const r = new Row(row({ fgEventSegs: [seg('a', 2, 1)] }));
    expect(r.shouldComponentUpdate(row({ fgEventSegs: [seg('a', 2, 1)] }), r.state)).toBe(false);
    expect(r.shouldComponentUpdate(row({ fgEventSegs: [seg('a', 3, 2)] }), r.state)).toBe(true);
    expect(r.shouldComponentUpdate(r.props, { height: 3 })).toBe(true);
    own = false;
    expect(r.shouldComponentUpdate(row({ fgEventSegs: [seg('a', 3, 2)] }), r.state)).toBe(false);
  });
});
