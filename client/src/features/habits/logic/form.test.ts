import { describe, expect, it } from 'vitest';
import { changedFields, chooseMode, defaultValues, frequencyFields, isDirty, toggleDay, validate } from './form';

const today = '2025-03-10';

describe('habit form logic', () => {
  it('choosing "every N days" on a new habit resets the start date to today, not when editing', () => {
    const v = { ...defaultValues(today), startDate: '2025-01-01' };
    expect(chooseMode(v, 'interval', true, today).startDate).toBe(today);
    expect(chooseMode(v, 'interval', false, today).startDate).toBe('2025-01-01');
  });

  it('maps the modes to the stored frequency fields', () => {
    const v = defaultValues(today);
    expect(frequencyFields(v)).toEqual({ frequency: 'daily', customFrequency: null });
    expect(frequencyFields({ ...toggleDay(toggleDay(v, 5), 1), mode: 'days' })).toEqual({ frequency: 'custom', customFrequency: { type: 'days', days: [1, 5] } });
    expect(frequencyFields({ ...v, mode: 'interval', interval: '7' })).toEqual({ frequency: 'custom', customFrequency: { type: 'interval', interval: 7 } });
  });

  it.each([
    [{ title: ' ' }, { title: 'validation.titleRequired' }],
    [{ mode: null }, { frequency: 'validation.frequencyRequired' }],
    [{ mode: 'days' as const }, { days: 'validation.customWeekDay' }],
    [{ mode: 'interval' as const, interval: '' }, { interval: 'validation.intervalRequired' }],
    [{ mode: 'interval' as const, interval: '0' }, { interval: 'validation.intervalRequired' }],
    [{ mode: 'interval' as const, interval: '366' }, { interval: 'validation.intervalRequired' }],
    [{ mode: 'interval' as const, interval: '365' }, {}],
    [{ timeOfDay: 'custom' as const, customTime: '' }, { customTime: 'validation.customTimeRequired' }],
    [{ timeOfDay: 'custom' as const, customTime: '06:45' }, {}],
  ])('validates %j', (patch, errors) => {
    expect(validate({ ...defaultValues(today), title: 'x', ...patch })).toEqual(errors);
  });

  it('knows what changed and whether anything did', () => {
    const a = { ...defaultValues(today), title: 'Read' };
    const b = { ...a, title: 'Read more', timeOfDay: 'evening' as const };
    expect(changedFields(a, b)).toEqual({ title: 'Read more', timeOfDay: 'evening' });
    expect(isDirty(a, a)).toBe(false);
    expect(isDirty(a, b)).toBe(true);
  });
});
