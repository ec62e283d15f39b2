import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useAuth } from '../features/auth/auth-store';
import { PlaceholderScreen } from '../features/placeholders/placeholder-screen';
import { isPublicPath } from './access';
import { ErrorPage } from './error-page';
import { usePageTitle } from './page-title';
import { authScreens } from '../features/auth/screens';
import type { AppDatabase } from '../db/database';

const loadTasks = () => import('../features/tasks/tasks-screen');
const TasksScreen = lazy(() => loadTasks().then((m) => ({ default: m.TasksScreen })));
const loadHabits = () => import('../features/habits/habits-screen');
const HabitsScreen = lazy(() => loadHabits().then((m) => ({ default: m.HabitsScreen })));
const loadNotes = () => import('../features/notes/notes-screen');
const NotesScreen = lazy(() => loadNotes().then((m) => ({ default: m.NotesScreen })));
const loadTags = () => import('../features/tags/tags-screen');
const TagsScreen = lazy(() => loadTags().then((m) => ({ default: m.TagsScreen })));

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * Start loading the screen of `pathname` before the first render (called at start-up, while the language
 * catalog loads): its chunk is fetched and, for the tasks screen, the local tasks are read into memory.
 */
export function preloadScreen(pathname: string, db: AppDatabase | null): void {
  // A failed chunk is reported by the route's own lazy(); here it is only a head start.
  const quiet = () => undefined;
  if (under(pathname, '/tasks')) void loadTasks().then((m) => db && m.warmTasks(db), quiet);
  else if (under(pathname, '/habits')) void loadHabits().then((m) => db && m.warmHabits(db), quiet);
  else if (under(pathname, '/notes')) void loadNotes().catch(quiet);
  else if (under(pathname, '/tags')) void loadTags().catch(quiet);
}

/**
 * Once the first screen is up, fetch the other main screens' chunks while the browser is idle, so moving
 * between sections never shows a loading state (React holds a shown fallback for at least 300 ms).
 */
export function prefetchScreens(): void {
  const run = () => {
    for (const load of [loadTasks, loadHabits, loadNotes, loadTags]) void load().catch(() => undefined);
  };
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (idle) idle(run, { timeout: 3000 });
  else setTimeout(run, 1500);
}

/** A titled screen: sets the page title and renders its content. */
function Screen({ title, children }: { title: string | null; children: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}

function Placeholder({ title, color }: { title: string; color: string }) {
  return (
    <Screen title={title}>
      <PlaceholderScreen title={title} color={color} />
    </Screen>
  );
}

/** Signed-out visitors on a private path go to /auth/login (SPEC section 2, access rule). */
function Guard({ children }: { children: ReactNode }) {
  const { authenticated, loading } = useAuth();
  const [location] = useLocation();
  if (isPublicPath(location)) return <>{children}</>;
  if (loading) return null;
  if (!authenticated) return <Redirect to={`/auth/login?redirect=${encodeURIComponent(location)}`} replace />;
  return <>{children}</>;
}

function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user?.role !== 'admin') return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}

const lazyScreen = (Component: ComponentType, title: string) => (
  <Screen title={title}>
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  </Screen>
);

/** The route table of SPEC section 2. */
export function AppRoutes() {
  const { t } = useLingui();
  const auth = authScreens();
  const publicTitles = { '/about': t`About`, '/donate': t`Donate`, '/feedback': t`Feedback`, '/privacy': t`Privacy`, '/terms': t`Terms`, '/debug': t`Debug` };
  return (
    <Guard>
      <Switch>
        <Route path="/">
          <Screen title={null}>{auth.landing}</Screen>
        </Route>
        <Route path="/auth">
          <Redirect to="/auth/login" replace />
        </Route>
        <Route path="/auth/login">
          <Screen title={t`Sign in`}>{auth.login}</Screen>
        </Route>
        <Route path="/auth/register">
          <Screen title={t`Create account`}>{auth.register}</Screen>
        </Route>
        <Route path="/auth/verify">
          <Screen title={t`Verify email`}>{auth.verify}</Screen>
        </Route>
        <Route path="/auth/forgot-password">
          <Screen title={t`Forgot password`}>{auth.forgot}</Screen>
        </Route>
        <Route path="/auth/reset-password">
          <Screen title={t`Reset password`}>{auth.reset}</Screen>
        </Route>
        <Route path="/auth/settings">
          <Screen title={t`Settings`}>{auth.settings}</Screen>
        </Route>
        <Route path="/dashboard">
          <Placeholder title={t`Dashboard`} color="var(--color-section-dashboard)" />
        </Route>
        <Route path="/tasks">{lazyScreen(TasksScreen, t`Tasks`)}</Route>
        <Route path="/tags">{lazyScreen(TagsScreen, t`Tags`)}</Route>
        <Route path="/calendar">
          <Placeholder title={t`Calendar`} color="var(--color-section-events)" />
        </Route>
        <Route path="/habits">{lazyScreen(HabitsScreen, t`Habits`)}</Route>
        <Route path="/inbox">
          <Placeholder title={t`Inbox`} color="var(--color-section-inbox)" />
        </Route>
        <Route path="/notes">{lazyScreen(NotesScreen, t`Notes`)}</Route>
        <Route path="/admin" nest>
          <AdminOnly>
            <Switch>
              <Route path="/">
                <Placeholder title={t`Admin`} color="var(--color-section-admin)" />
              </Route>
              <Route path="/users">
                <Placeholder title={t`Users`} color="var(--color-section-admin)" />
              </Route>
              <Route path="/feedback">
                <Placeholder title={t`Feedback`} color="var(--color-section-admin)" />
              </Route>
              <Route path="/feature-toggles">
                <Placeholder title={t`Feature toggles`} color="var(--color-section-admin)" />
              </Route>
              <Route>
                <ErrorPage status={404} />
              </Route>
            </Switch>
          </AdminOnly>
        </Route>
        {Object.entries(publicTitles).map(([path, title]) => (
          <Route key={path} path={path}>
            <Placeholder title={title} color="var(--color-primary)" />
          </Route>
        ))}
        <Route path="/news" nest>
          <Placeholder title={t`News`} color="var(--color-primary)" />
        </Route>
        <Route>
          <ErrorPage status={404} />
        </Route>
      </Switch>
    </Guard>
  );
}
