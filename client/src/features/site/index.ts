/** The public site (issue 18): info pages are lazy routes (screens.ts); donation links are edited in the admin area. */
export { AdminDonateScreen } from './stubs';
