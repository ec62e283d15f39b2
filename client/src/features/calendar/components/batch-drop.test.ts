import { describe, expect, it, vi } from 'vitest';
import { batchDropRenders } from './batch-drop';

const DROP = [{ type: 'SET_EVENT_DRAG' }, { type: 'UNSET_EVENT_DRAG' }, { type: 'MERGE_EVENTS' }];
const tick = () => new Promise((r) => setTimeout(r, 0));

/** A stand-in for FullCalendar's API with its data manager's change callback. */
function fakeApi() {
  const onDataChange = vi.fn<(data: unknown, actions: readonly { type: string }[]) => void>();
  return { onDataChange, api: { currentDataManager: { config: { onDataChange } } } };
}

describe('batchDropRenders', () => {
  it("hands FullCalendar's drop (in its timer after the release) to the change callback once, then each change again", async () => {
    const { api, onDataChange } = fakeApi();
    const undo = batchDropRenders(api);
    const config = api.currentDataManager.config;
    config.onDataChange('drag', DROP.slice(0, 1));
    const dropped = new Promise<void>((resolve) => {
      // FullCalendar's own listener (on the document) ends the drag in a timer.
      const onUp = () =>
        setTimeout(() => {
          for (const [i, action] of DROP.entries()) config.onDataChange(`drop ${i}`, [action]);
          expect(onDataChange).toHaveBeenCalledTimes(1);
          resolve();
        }, 0);
      document.addEventListener('mouseup', onUp, { once: true });
    });
    document.body.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    await dropped;
    await tick();
    config.onDataChange('after', DROP.slice(2));
    expect(onDataChange.mock.calls).toEqual([
      ['drag', DROP.slice(0, 1)],
      ['drop 2', DROP],
      ['after', DROP.slice(2)],
    ]);
    undo();
    expect(config.onDataChange).toBe(onDataChange);
  });

  it('renders the held changes before the next task (a microtask)', async () => {
    const { api, onDataChange } = fakeApi();
    const undo = batchDropRenders(api);
    document.body.dispatchEvent(new Event('touchend', { bubbles: true }));
    api.currentDataManager.config.onDataChange('held', DROP);
    expect(onDataChange).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(onDataChange.mock.calls).toEqual([['held', DROP]]);
    undo();
  });

  it('changes nothing when FullCalendar has no data manager of that shape', () => {
    const api = { currentDataManager: { config: {} } };
    batchDropRenders(api)();
    expect(api.currentDataManager.config).toEqual({});
    expect(() => batchDropRenders({})()).not.toThrow();
  });
});
