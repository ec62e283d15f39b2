import { renderHook } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../i18n';
import { WithI18n } from '../../../test/kit';
import { useRecurrenceText, useReminderText } from './labels';
import { formatWhen } from './logic/when';

afterAll(() => activateLocale('en'));

async function texts(locale: 'en' | 'ru') {
  await activateLocale(locale);
  const { result } = renderHook(() => ({ recurrence: useRecurrenceText(), reminder: useReminderText() }), { wrapper: WithI18n });
  return result.current;
}

// 2025-03-03 is a Monday.
const START = '2025-03-03';
const CASES: [string, string, string][] = [
  ['FREQ=WEEKLY;BYDAY=MO,WE', 'Every week on Mon, Wed', 'Каждую неделю: пн, ср'],
  ['FREQ=WEEKLY', 'Every week on Mon', 'Каждую неделю: пн'],
  ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU', 'Every 2 weeks on Tue, Sun', 'Каждые 2 недели: вт, вс'],
  ['FREQ=DAILY', 'Every day', 'Каждый день'],
  ['FREQ=DAILY;INTERVAL=2;COUNT=10', 'Every 2 days, 10 times', 'Каждые 2 дня, 10 раз'],
  ['FREQ=DAILY;INTERVAL=5;COUNT=3', 'Every 5 days, 3 times', 'Каждые 5 дней, 3 раза'],
  ['FREQ=MONTHLY;UNTIL=20270601', 'Monthly until Jun 1, 2027', 'Ежемесячно до 1 июн. 2027 г.'],
  ['FREQ=MONTHLY;INTERVAL=3', 'Every 3 months', 'Каждые 3 месяца'],
  ['FREQ=YEARLY;COUNT=1', 'Yearly, 1 time', 'Ежегодно, 1 раз'],
  ['FREQ=YEARLY;INTERVAL=5', 'Every 5 years', 'Каждые 5 лет'],
  ['FREQ=MONTHLY;BYMONTHDAY=15', 'Repeats (custom rule)', 'Повторяется (особое правило)'],
];

describe('the recurrence in words', () => {
  it.each(CASES)('%s → "%s" / "%s"', async (rule, en, ru) => {
    expect((await texts('en')).recurrence(rule, START, 'en')).toBe(en);
    expect((await texts('ru')).recurrence(rule, START, 'ru')).toBe(ru);
  });

  it('says nothing for a one-off event', async () => {
    expect((await texts('en')).recurrence(null, START, 'en')).toBeNull();
  });
});

describe('reminders in words', () => {
  it.each([
    [5, '5 minutes before', 'за 5 минут'],
    [1, '1 minute before', 'за 1 минуту'],
    [60, '1 hour before', 'за 1 час'],
    [120, '2 hours before', 'за 2 часа'],
    [1440, '1 day before', 'за 1 день'],
    [0, 'At the start', 'В момент начала'],
  ])('%i minutes → "%s" / "%s"', async (minutes, en, ru) => {
    expect((await texts('en')).reminder(minutes)).toBe(en);
    expect((await texts('ru')).reminder(minutes)).toBe(ru);
  });
});

describe('when an event happens', () => {
  const today = '2025-01-10';
  const timed = { startDate: '2025-03-04', endDate: null, startTime: '09:00', endTime: '10:00', allDay: false };
  it.each([
    ['a timed event, 24-hour', timed, '24h', 'en', 'Tue, Mar 4 · 09:00–10:00'],
    ['a timed event, 12-hour', timed, '12h', 'en', 'Tue, Mar 4 · 9:00 AM–10:00 AM'],
    ['a timed event in Russian', timed, '24h', 'ru', 'вт, 4 мар. · 09:00–10:00'],
    ['a timed event over midnight', { ...timed, endDate: '2025-03-05', startTime: '22:00', endTime: '01:00' }, '24h', 'en', 'Tue, Mar 4, 22:00 – Wed, Mar 5, 01:00'],
    ['an all-day event', { ...timed, allDay: true, startTime: null, endTime: null }, '24h', 'en', 'Tue, Mar 4'],
    ['a multi-day all-day event', { ...timed, allDay: true, endDate: '2025-03-06' }, '24h', 'en', 'Tue, Mar 4 – Thu, Mar 6'],
    ['an event in another year', { ...timed, startDate: '2026-03-04' }, '24h', 'en', 'Wed, Mar 4, 2026 · 09:00–10:00'],
  ] as const)('%s', (_name, when, clockMode, locale, text) => {
    expect(formatWhen(when, { locale, clockMode, today })).toBe(text);
  });
});
