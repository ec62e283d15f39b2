import { describe, expect, it } from 'vitest';
import {
  addMonths,
  daysOverdue,
  formatMediumDate,
  formatTimeOfDay,
  monthGrid,
  nearestStep,
  parseTimeInput,
  presetDate,
  relativeDay,
  timeSteps,
  weekdayNames,
  yearRange,
  type DatePreset,
} from './dates';

describe('presetDate', () => {
  // 2025-03-05 is a Wednesday; 2025-03-08 a Saturday; 2025-03-09 a Sunday.
  const cases: [string, DatePreset, string, number, string][] = [
    ['today', 'today', '2025-03-05', 0, '2025-03-05'],
    ['tomorrow', 'tomorrow', '2025-03-05', 0, '2025-03-06'],
    ['tomorrow across a month end', 'tomorrow', '2025-02-28', 0, '2025-03-01'],
    ['tomorrow across a leap day', 'tomorrow', '2024-02-28', 0, '2024-02-29'],
    ['tomorrow across a year end', 'tomorrow', '2025-12-31', 1, '2026-01-01'],
    ['weekend from a Wednesday', 'weekend', '2025-03-05', 0, '2025-03-08'],
    ['weekend from a Friday', 'weekend', '2025-03-07', 0, '2025-03-08'],
    ['weekend from a Saturday is the next Saturday', 'weekend', '2025-03-08', 0, '2025-03-15'],
    ['weekend from a Sunday', 'weekend', '2025-03-09', 1, '2025-03-15'],
    ['weekend across a year end', 'weekend', '2025-12-30', 0, '2026-01-03'],
    ['next week, Sunday start, from a Wednesday', 'nextWeek', '2025-03-05', 0, '2025-03-09'],
    ['next week, Monday start, from a Wednesday', 'nextWeek', '2025-03-05', 1, '2025-03-10'],
    ['next week, Sunday start, from a Sunday', 'nextWeek', '2025-03-09', 0, '2025-03-16'],
    ['next week, Monday start, from a Sunday', 'nextWeek', '2025-03-09', 1, '2025-03-10'],
    ['next week, Monday start, from a Monday', 'nextWeek', '2025-03-10', 1, '2025-03-17'],
    ['next week, Saturday start, from a Friday', 'nextWeek', '2025-03-07', 6, '2025-03-08'],
    ['next week across a year end (Monday start)', 'nextWeek', '2025-12-31', 1, '2026-01-05'],
    ['next week across a month end (Sunday start)', 'nextWeek', '2025-04-29', 0, '2025-05-04'],
    ['next month', 'nextMonth', '2025-03-05', 0, '2025-04-01'],
    ['next month from the 31st', 'nextMonth', '2025-01-31', 0, '2025-02-01'],
    ['next month from December', 'nextMonth', '2025-12-15', 1, '2026-01-01'],
    ['next month from the first', 'nextMonth', '2025-06-01', 0, '2025-07-01'],
  ];
  it.each(cases)('%s', (_, preset, today, weekStartDay, expected) => {
    expect(presetDate(preset, today, weekStartDay)).toBe(expected);
  });
});

describe('month grid and ranges', () => {
  it('starts the grid on the week start day and covers six weeks', () => {
    const sunday = monthGrid(2025, 3, 0);
    expect(sunday).toHaveLength(42);
    expect(sunday[0]).toBe('2025-02-23'); // March 1 2025 is a Saturday
    const monday = monthGrid(2025, 3, 1);
    expect(monday[0]).toBe('2025-02-24');
    expect(monday).toContain('2025-03-31');
  });

  it('names weekdays from the week start', () => {
    expect(weekdayNames('en', 0)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayNames('en', 1)[0]).toBe('Mon');
    expect(weekdayNames('en', 1)[6]).toBe('Sun');
  });

  it('offers years from 100 back to 52 ahead', () => {
    const years = yearRange('2025-03-05');
    expect(years[0]).toBe(1925);
    expect(years.at(-1)).toBe(2077);
    expect(years).toHaveLength(153);
  });

  it('moves by months and clamps the day', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
    expect(addMonths('2025-01-15', -1)).toBe('2024-12-15');
    expect(addMonths('2025-03-31', -13)).toBe('2024-02-29');
  });
});

describe('date labels', () => {
  it.each([
    ['2025-03-05', 'today'],
    ['2025-03-04', 'yesterday'],
    ['2025-03-06', 'tomorrow'],
    ['2025-03-03', null],
    ['2025-03-07', null],
    ['2024-03-05', null],
  ] as const)('%s relative to 2025-03-05 is %s', (date, expected) => {
    expect(relativeDay(date, '2025-03-05')).toBe(expected);
  });

  it('crosses month and year ends', () => {
    expect(relativeDay('2024-12-31', '2025-01-01')).toBe('yesterday');
    expect(relativeDay('2025-03-01', '2025-02-28')).toBe('tomorrow');
  });

  it('formats other dates as a localised medium date', () => {
    expect(formatMediumDate('2025-03-05', 'en')).toBe('Mar 5, 2025');
    expect(formatMediumDate('2025-03-05', 'ru')).toBe('5 мар. 2025 г.');
    // The calendar date never shifts with the runtime's zone.
    expect(formatMediumDate('2025-01-01', 'en')).toBe('Jan 1, 2025');
  });

  it.each([
    [null, '2025-03-05', 0],
    ['2025-03-05', '2025-03-05', 0],
    ['2025-03-06', '2025-03-05', 0],
    ['2025-03-04', '2025-03-05', 1],
    ['2025-03-02', '2025-03-05', 3],
    ['2024-12-31', '2025-01-02', 2],
    ['2024-02-28', '2024-03-01', 2],
  ] as const)('due %s on %s is %i days overdue', (due, today, days) => {
    expect(daysOverdue(due, today)).toBe(days);
  });
});

describe('time of day', () => {
  it.each([
    ['14:30', '14:30'],
    ['9:05', '09:05'],
    ['09:05:59', '09:05'],
    ['00:00:00', '00:00'],
    ['2:30 pm', '14:30'],
    ['2:30PM', '14:30'],
    ['12:00 am', '00:00'],
    ['12:15 pm', '12:15'],
    ['11:59:30 PM', '23:59'],
    ['3pm', '15:00'],
    ['  7:45 am ', '07:45'],
    ['', ''],
    ['   ', ''],
  ])('reads %j as %j', (input, expected) => {
    expect(parseTimeInput(input)).toBe(expected);
  });

  it.each(['24:00', '12:60', '13:00 pm', '0:30 am', '10:00:61', 'noon', '1430', '10:5', 'ten'])('refuses %j', (input) => {
    expect(parseTimeInput(input)).toBeNull();
  });

  it('shows a time in the clock mode', () => {
    expect(formatTimeOfDay('14:30', '12h', 'en')).toBe('2:30 PM');
    expect(formatTimeOfDay('00:05', '12h', 'en')).toBe('12:05 AM');
    expect(formatTimeOfDay('14:30', '24h', 'en')).toBe('14:30');
    expect(formatTimeOfDay('09:00', '24h', 'ru')).toBe('09:00');
  });

  it('lists the day in 5-minute steps', () => {
    const steps = timeSteps();
    expect(steps).toHaveLength(288);
    expect(steps.slice(0, 3)).toEqual(['00:00', '00:05', '00:10']);
    expect(steps.at(-1)).toBe('23:55');
    expect(nearestStep('14:33')).toBe('14:30');
    expect(nearestStep('14:35')).toBe('14:35');
  });
});
