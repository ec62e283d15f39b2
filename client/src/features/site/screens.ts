export { AboutScreen, DonateScreen, PrivacyScreen, TermsScreen } from './stubs';
