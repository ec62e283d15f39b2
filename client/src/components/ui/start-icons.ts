/**
 * The icons of what every signed-in screen shows at start (the capture button and dialog, the search button),
 * copied from @mdi/js. The app's other icons come from @mdi/js itself, in the screens' lazy chunks: a start
 * module importing @mdi/js would pull the whole shared icon chunk (every icon any screen uses, ~23 KiB gzip)
 * into the start-up JS. start-icons.test.ts checks the copies against the package.
 */
export const START_ICONS = {
  checkCircleOutline:
    'M12 2C6.5 2 2 6.5 2 12S6.5 22 12 22 22 17.5 22 12 17.5 2 12 2M12 20C7.59 20 4 16.41 4 12S7.59 4 12 4 20 7.59 20 12 16.41 20 12 20M16.59 7.58L10 14.17L7.41 11.59L6 13L10 17L18 9L16.59 7.58Z',
  close: 'M19,6.41L17.59,5L12,10.59L6.41,5L5,6.41L10.59,12L5,17.59L6.41,19L12,13.41L17.59,19L19,17.59L13.41,12L19,6.41Z',
  magnify:
    'M9.5,3A6.5,6.5 0 0,1 16,9.5C16,11.11 15.41,12.59 14.44,13.73L14.71,14H15.5L20.5,19L19,20.5L14,15.5V14.71L13.73,14.44C12.59,15.41 11.11,16 9.5,16A6.5,6.5 0 0,1 3,9.5A6.5,6.5 0 0,1 9.5,3M9.5,5C7,5 5,7 5,9.5C5,12 7,14 9.5,14C12,14 14,12 14,9.5C14,7 12,5 9.5,5Z',
  plus: 'M19,13H13V19H11V13H5V11H11V5H13V11H19V13Z',
} as const;

