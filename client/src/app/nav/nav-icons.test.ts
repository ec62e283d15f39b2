import { mdiCalendarBlankOutline, mdiDotsHorizontal, mdiFormatListChecks, mdiNoteTextOutline, mdiRepeat, mdiViewDashboardOutline } from '@mdi/js';
import { describe, expect, it } from 'vitest';
import { NAV_ICONS } from './nav-icons';

describe('NAV_ICONS', () => {
  it('are the @mdi/js paths they copy', () => {
    expect(NAV_ICONS).toEqual({
      calendarBlankOutline: mdiCalendarBlankOutline,
      dotsHorizontal: mdiDotsHorizontal,
      formatListChecks: mdiFormatListChecks,
      noteTextOutline: mdiNoteTextOutline,
      repeat: mdiRepeat,
      viewDashboardOutline: mdiViewDashboardOutline,
    });
  });
});
