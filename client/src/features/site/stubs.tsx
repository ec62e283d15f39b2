// Issue 18: stubs, replaced by the site work.
export function AboutScreen() {
  return null;
}
export function DonateScreen() {
  return null;
}
export function PrivacyScreen() {
  return null;
}
export function TermsScreen() {
  return null;
}
export function AdminDonateScreen() {
  return null;
}
