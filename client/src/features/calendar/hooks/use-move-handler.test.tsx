import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFlash } from '../../../lib/flash';
import { activateEnglish, WithI18n } from '../../../test/kit';
import type { CalendarActions } from '../data/actions';
import type { Occurrence } from '../data/shared-events';
import { createInputCache, type EntryProps } from '../data/to-fc';
import { useMoveHandler } from './use-move-handler';

const googleOccurrence = {
  id: 'google_primary_e1',
  eventId: 'google_primary_e1',
  title: 'Standup',
  startDate: '2026-11-30',
  endDate: '2026-11-30',
  startTime: '09:00',
  endTime: '09:15',
  allDay: false,
  color: null,
  seriesId: null,
  originalStart: null,
  event: { _id: 'google_primary_e1', source: 'google', sourceId: 'e1', readonly: true, seriesId: null, timezone: 'UTC', details: {} },
} as unknown as Occurrence;

describe('a read-only (Google) event in the views', () => {
  it('can be picked up but not resized, and a drop is put back with the read-only message; nothing is written', () => {
    const [input] = createInputCache()([googleOccurrence], [], null);
    // Google's blue when its calendar has no colour of its own.
    expect(input).toMatchObject({ editable: false, startEditable: true, durationEditable: false, className: 'cal-readonly', color: '#4285F4' });

    activateEnglish();
    const actions: CalendarActions = { move: vi.fn(), moveOccurrence: vi.fn() };
    const { result } = renderHook(() => ({ onChange: useMoveHandler(actions, 'UTC'), flash: useFlash() }), { wrapper: WithI18n });
    const revert = vi.fn();
    act(() => result.current.onChange(input!.extendedProps as EntryProps, { start: '2026-12-01T09:00:00', end: '2026-12-01T09:15:00', allDay: false }, revert));
    expect(revert).toHaveBeenCalledOnce();
    expect(actions.move).not.toHaveBeenCalled();
    expect(actions.moveOccurrence).not.toHaveBeenCalled();
    expect(result.current.flash?.message).toBe('This event is read-only and cannot be modified');
  });
});
