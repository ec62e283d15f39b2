/** The public site's pages, loaded lazily by the router (app/routes.tsx). */
export { LandingScreen } from './landing-screen';
export { AboutScreen } from './about-screen';
export { DonateScreen } from './donate-screen';
export { PrivacyScreen } from './privacy-screen';
export { TermsScreen } from './terms-screen';
