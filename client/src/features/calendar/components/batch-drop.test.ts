import { describe, expect, it, vi } from 'vitest';
import { batchDropRenders } from './batch-drop';

const DROP = [{ type: 'SET_EVENT_DRAG' }, { type: 'UNSET_EVENT_DRAG' }, { type: 'MERGE_EVENTS' }];

/** A stand-in for FullCalendar's API with its data manager's change callback. */
function fakeApi() {
  const onDataChange = vi.fn<(data: unknown, actions: readonly { type: string }[]) => void>();
  return { onDataChange, api: { currentDataManager: { config: { onDataChange } } } };
}

describe('batchDropRenders', () => {
  it('hands no actions to the change callback while a drag end is handled, and the actions otherwise', () => {
    const { api, onDataChange } = fakeApi();
    const undo = batchDropRenders(api);
    const config = api.currentDataManager.config;
    config.onDataChange('during the drag', DROP.slice(0, 1));
    // FullCalendar's own listener is on the document: it runs between the window's capturing and bubbling ones.
    const onUp = () => {
      for (const action of DROP) config.onDataChange('at the drop', [action]);
    };
    document.addEventListener('mouseup', onUp);
    document.body.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    config.onDataChange('after', DROP.slice(2));
    document.removeEventListener('mouseup', onUp);
    expect(onDataChange.mock.calls).toEqual([
      ['during the drag', DROP.slice(0, 1)],
      ['at the drop', []],
      ['at the drop', []],
      ['at the drop', []],
      ['after', DROP.slice(2)],
    ]);
    undo();
    expect(config.onDataChange).toBe(onDataChange);
  });

  it('ends the batching on the next task when the drag end event stops propagating', async () => {
    const { api, onDataChange } = fakeApi();
    const undo = batchDropRenders(api);
    const stop = (e: Event) => e.stopPropagation();
    document.addEventListener('touchend', stop);
    document.body.dispatchEvent(new Event('touchend', { bubbles: true }));
    api.currentDataManager.config.onDataChange('same task', DROP);
    await new Promise((r) => setTimeout(r, 0));
    api.currentDataManager.config.onDataChange('later', DROP);
    document.removeEventListener('touchend', stop);
    undo();
    expect(onDataChange.mock.calls).toEqual([
      ['same task', []],
      ['later', DROP],
    ]);
  });

  it('changes nothing when FullCalendar has no data manager of that shape', () => {
    const api = { currentDataManager: { config: {} } };
    batchDropRenders(api)();
    expect(api.currentDataManager.config).toEqual({});
    expect(() => batchDropRenders({})()).not.toThrow();
  });
});
