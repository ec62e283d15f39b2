/** The admin area (issue 18): its frame and the users, feature toggles and redirects screens. */
export { AdminLayout } from './admin-layout';
export { AdminHomeScreen } from './admin-home-screen';
export { AdminUsersScreen } from './admin-users-screen';
export { AdminFeatureTogglesScreen } from './admin-feature-toggles-screen';
export { AdminRedirectsScreen } from './admin-redirects-screen';
