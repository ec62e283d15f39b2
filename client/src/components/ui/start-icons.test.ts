import {
  mdiCalendarBlankOutline,
  mdiCheckCircleOutline,
  mdiClose,
  mdiDotsHorizontal,
  mdiFormatListChecks,
  mdiMagnify,
  mdiNoteTextOutline,
  mdiPlus,
  mdiRepeat,
  mdiViewDashboardOutline,
} from '@mdi/js';
import { describe, expect, it } from 'vitest';
import { START_ICONS } from './start-icons';

describe('START_ICONS', () => {
  it('are the @mdi/js paths they copy', () => {
    expect(START_ICONS).toEqual({
      calendarBlankOutline: mdiCalendarBlankOutline,
      checkCircleOutline: mdiCheckCircleOutline,
      close: mdiClose,
      dotsHorizontal: mdiDotsHorizontal,
      formatListChecks: mdiFormatListChecks,
      magnify: mdiMagnify,
      noteTextOutline: mdiNoteTextOutline,
      plus: mdiPlus,
      repeat: mdiRepeat,
      viewDashboardOutline: mdiViewDashboardOutline,
    });
  });
});
