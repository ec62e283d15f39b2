/**
 * The public site (issue 18): the info pages and the landing are lazy routes (screens.ts); the admin area shows
 * the donation links editor; the layout loads the public footer lazily from here.
 */
export { AdminDonateScreen } from './admin-donate-screen';
export { PublicFooter } from './site-footer';
