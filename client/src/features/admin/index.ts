/** The admin area (issue 18): its frame and the users, feature toggles and redirects screens. */
export { AdminFeatureTogglesScreen, AdminHomeScreen, AdminLayout, AdminRedirectsScreen, AdminUsersScreen } from './stubs';
