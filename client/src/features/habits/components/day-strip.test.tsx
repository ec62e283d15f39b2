import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderWithI18n } from '../../../test/kit';
import { DayStrip } from './day-strip';

/** The strip's day buttons say the weekday, the date and the state (issue 17: names, not colour alone). */
describe('DayStrip accessible names', () => {
  beforeAll(activateEnglish);
  const today = '2026-11-23'; // a Monday
  const statuses: Record<string, HabitDayStatus> = { '2026-11-22': 'complete', '2026-11-21': 'miss', '2026-11-20': 'skip' };

  function renderStrip(scheduled: (date: string) => boolean = () => true) {
    renderWithI18n(
      <DayStrip title="Floss" today={today} locale="en" statusOf={(d) => statuses[d] ?? 'empty'} scheduled={scheduled} onSet={() => undefined} />,
    );
    return screen.getByRole('group', { name: 'Last 14 days of Floss' });
  }

  it('names each day by weekday, date and state', () => {
    const strip = renderStrip();
    const names = within(strip)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toHaveLength(14);
    expect(names.slice(-4)).toEqual([
      'Fri, Nov 20, 2026: Skipped',
      'Sat, Nov 21, 2026: Missed',
      'Sun, Nov 22, 2026: Completed',
      'Mon, Nov 23, 2026: Today, not marked',
    ]);
    expect(names[0]).toBe('Tue, Nov 10, 2026: Not marked');
    // Each marked state also has its own glyph, so colour is not the only signal.
    for (const name of ['Sun, Nov 22, 2026: Completed', 'Sat, Nov 21, 2026: Missed', 'Fri, Nov 20, 2026: Skipped']) {
      expect(within(strip).getByRole('button', { name }).querySelector('svg')).not.toBeNull();
    }
  });

  it('says when a day is not scheduled', () => {
    const strip = renderStrip((d) => d !== '2026-11-22');
    expect(within(strip).getByRole('button', { name: 'Sun, Nov 22, 2026: not scheduled' })).toBeTruthy();
  });
});
