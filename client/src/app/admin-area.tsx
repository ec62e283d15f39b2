import { Route, Switch } from 'wouter';
import { AdminFeatureTogglesScreen, AdminHomeScreen, AdminLayout, AdminRedirectsScreen, AdminUsersScreen } from '../features/admin';
import { AdminFeedbackScreen } from '../features/feedback';
import { AdminNewsScreen } from '../features/news';
import { AdminDonateScreen } from '../features/site';
import { ErrorPage } from './error-page';

/**
 * Everything under /admin (nested router: paths here are relative): the admin frame around each admin screen.
 * One lazy chunk, loaded only by admins.
 */
export function AdminArea() {
  return (
    <AdminLayout>
      <Switch>
        <Route path="/">
          <AdminHomeScreen />
        </Route>
        <Route path="/users">
          <AdminUsersScreen />
        </Route>
        <Route path="/feedback">
          <AdminFeedbackScreen />
        </Route>
        <Route path="/feature-toggles">
          <AdminFeatureTogglesScreen />
        </Route>
        <Route path="/news">
          <AdminNewsScreen />
        </Route>
        <Route path="/redirects">
          <AdminRedirectsScreen />
        </Route>
        <Route path="/donate">
          <AdminDonateScreen />
        </Route>
        <Route>
          <ErrorPage status={404} />
        </Route>
      </Switch>
    </AdminLayout>
  );
}
