// Issue 18: stubs, replaced by the admin work.
export function AdminHomeScreen() {
  return null;
}
export function AdminUsersScreen() {
  return null;
}
export function AdminFeatureTogglesScreen() {
  return null;
}
export function AdminRedirectsScreen() {
  return null;
}

/** The admin area's frame (its own section links); wraps every /admin screen. */
export function AdminLayout({ children }: { children: import('react').ReactNode }) {
  return <>{children}</>;
}
