import { mdiCheckCircleOutline, mdiClose, mdiMagnify, mdiPlus } from '@mdi/js';
import { describe, expect, it } from 'vitest';
import { START_ICONS } from './start-icons';

describe('START_ICONS', () => {
  it('are the @mdi/js paths they copy', () => {
    expect(START_ICONS).toEqual({ checkCircleOutline: mdiCheckCircleOutline, close: mdiClose, magnify: mdiMagnify, plus: mdiPlus });
  });
});
