import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useAuth } from '../session/auth-store';
import { isPublicPath } from './access';
import { SlowNotice } from '../components/ui/slow-notice';
import { ErrorPage } from './error-page';
import { usePageTitle } from './page-title';
import { useRedirectRules } from './redirect-rules';
// For its effect too: queued settings are sent when the app comes back online or signs in.
import '../features/settings';
import type { AppDatabase } from '../db/database';
import { hasPendingFeedback } from '../lib/feedback-outbox-flag';

/**
 * A lazily loaded screen that renders without suspending once its chunk is in: React.lazy suspends on its
 * first render even when the module already arrived (the import promise settles a tick later), and a shown
 * fallback is held for 300 ms. Preloading (below) fills `loaded`, so navigation paints at once.
 */
function splitScreen<M>(importer: () => Promise<M>, pick: (m: M) => ComponentType) {
  let loaded: ComponentType | null = null;
  const load = () =>
    importer().then((m) => {
      loaded ??= pick(m);
      return m;
    });
  const Lazy = lazy(() => load().then((m) => ({ default: pick(m) })));
  function LazyScreen() {
    // Decided once per mount: switching from <Lazy> to the loaded component later would remount the screen
    // and lose its state (an open dialog, a chosen folder).
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { load, Component: LazyScreen };
}

const dashboard = splitScreen(() => import('../features/dashboard/screens'), (m) => m.DashboardScreen);
const tasks = splitScreen(() => import('../features/tasks/screens'), (m) => m.TasksScreen);
const habits = splitScreen(() => import('../features/habits/screens'), (m) => m.HabitsScreen);
const notes = splitScreen(() => import('../features/notes/screens'), (m) => m.NotesScreen);
const tags = splitScreen(() => import('../features/tags/screens'), (m) => m.TagsScreen);
const calendar = splitScreen(() => import('../features/calendar/screens'), (m) => m.CalendarScreen);
const inbox = splitScreen(() => import('../features/inbox/screens'), (m) => m.InboxScreen);
const inboxShare = splitScreen(() => import('../features/inbox/screens'), (m) => m.InboxShareScreen);
const landing = splitScreen(() => import('../features/site/screens'), (m) => m.LandingScreen);
const login = splitScreen(() => import('../features/auth/screens'), (m) => m.LoginScreen);
const register = splitScreen(() => import('../features/auth/screens'), (m) => m.RegisterScreen);
const verify = splitScreen(() => import('../features/auth/screens'), (m) => m.VerifyScreen);
const forgot = splitScreen(() => import('../features/auth/screens'), (m) => m.ForgotPasswordScreen);
const reset = splitScreen(() => import('../features/auth/screens'), (m) => m.ResetPasswordScreen);
const settings = splitScreen(() => import('../features/settings/screens'), (m) => m.SettingsScreen);
const newsList = splitScreen(() => import('../features/news/screens'), (m) => m.NewsListScreen);
const newsItem = splitScreen(() => import('../features/news/screens'), (m) => m.NewsItemScreen);
const feedback = splitScreen(() => import('../features/feedback/screens'), (m) => m.FeedbackScreen);
const about = splitScreen(() => import('../features/site/screens'), (m) => m.AboutScreen);
const donate = splitScreen(() => import('../features/site/screens'), (m) => m.DonateScreen);
const privacy = splitScreen(() => import('../features/site/screens'), (m) => m.PrivacyScreen);
const terms = splitScreen(() => import('../features/site/screens'), (m) => m.TermsScreen);
const debug = splitScreen(() => import('../features/debug/screens'), (m) => m.DebugScreen);
/** The admin area: one chunk with its frame and every admin screen (news, feedback and donation links included). */
const AdminArea = lazy(() => import('./admin-area').then((m) => ({ default: m.AdminArea })));
const DashboardScreen = dashboard.Component;
const TasksScreen = tasks.Component;
const HabitsScreen = habits.Component;
const NotesScreen = notes.Component;
const TagsScreen = tags.Component;
const SettingsScreen = settings.Component;
const CalendarScreen = calendar.Component;
const InboxScreen = inbox.Component;
const InboxShareScreen = inboxShare.Component;

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * Start loading the screen of `pathname` before the first render (called at start-up, while the language
 * catalog loads): its chunk is fetched and, for the tasks screen, the local tasks are read into memory.
 * Resolves when the chunk is there (or failed): main.tsx renders after it, because a screen that suspends on
 * its chunk in the first render is revealed by React no sooner than 300 ms later (its Suspense throttle).
 */
export function preloadScreen(pathname: string, db: AppDatabase | null): Promise<void> {
  // A failed chunk is reported by the route's own lazy(); here it is only a head start.
  const quiet = () => undefined;
  if (pathname === '/') return landing.load().then(quiet, quiet);
  // A visitor with no database (signed out) on a private path is sent to sign in.
  // The auth screens share one chunk; a visitor with no database (signed out) on a private path is sent to sign in.
  if ((pathname.startsWith('/auth/') && !under(pathname, '/auth/settings')) || (!db && !isPublicPath(pathname))) return login.load().then(quiet, quiet);
  if (under(pathname, '/dashboard')) return dashboard.load().then((m) => void (db && m.warmDashboard(db)), quiet);
  if (under(pathname, '/tasks')) return tasks.load().then((m) => void (db && m.warmTasks(db)), quiet);
  if (under(pathname, '/habits')) return habits.load().then((m) => void (db && m.warmHabits(db)), quiet);
  if (under(pathname, '/notes')) return notes.load().then(quiet, quiet);
  if (under(pathname, '/tags')) return tags.load().then(quiet, quiet);
  if (under(pathname, '/inbox')) return inbox.load().then(quiet, quiet);
  if (under(pathname, '/calendar')) return calendar.load().then((m) => void (db && m.warmCalendar(db)), quiet);
  return Promise.resolve();
}

/**
 * Once the first screen is up, fetch the other main screens' chunks, so moving
 * between sections never shows a loading state (React holds a shown fallback for at least 300 ms).
 */
export function prefetchScreens(db: () => AppDatabase | null): void {
  const run = () => {
    const quiet = () => undefined;
    for (const screen of [tasks, notes, tags, inbox]) void screen.load().catch(quiet);
    // Feedback written offline (its outbox flag is set) is sent now and whenever the network returns.
    if (hasPendingFeedback()) void feedback.load().then((m) => m.resumeFeedbackOutbox(), quiet);
    // The dashboard is the start screen after sign-in and the logo's target: its rows in memory too.
    void dashboard.load().then((m) => {
      const current = db();
      if (current) m.warmDashboard(current);
    }, quiet);
    // Habits are few rows: keep them in memory too, so the first visit paints from the cache.
    void habits.load().then((m) => {
      const current = db();
      if (current) m.warmHabits(current);
    }, quiet);
  };
  // main.tsx calls this once the first screen has painted and no sync is storing pages: the app is idle then,
  // and a person may tap another section any moment. (An idle callback from the start would fire in the gaps of
  // the first load, while IndexedDB answers, and compete with it.)
  setTimeout(run, 0);
}

/** A titled screen: sets the page title and renders its content. */
function Screen({ title, children }: { title: string | null; children: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}

/** Signed-out visitors on a private path go to /auth/login (SPEC section 2, access rule). */
function Guard({ children }: { children: ReactNode }) {
  const redirecting = useRedirectRules();
  const { authenticated, loading } = useAuth();
  const [location] = useLocation();
  if (redirecting) return null;
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

/** A lazy screen; while its chunk is on the way the area stays calm, and after 3 s says it is taking longer. */
const lazyScreen = (Component: ComponentType, title: string | null) => (
  <Screen title={title}>
    <Suspense fallback={<SlowNotice delayMs={3000} />}>
      <Component />
    </Suspense>
  </Screen>
);

/** The route table of SPEC section 2. */
export function AppRoutes() {
  const { t } = useLingui();
  return (
    <Guard>
      <Switch>
        <Route path="/">{lazyScreen(landing.Component, null)}</Route>
        <Route path="/auth">
          <Redirect to="/auth/login" replace />
        </Route>
        <Route path="/auth/login">{lazyScreen(login.Component, t`Sign in`)}</Route>
        <Route path="/auth/register">
          {lazyScreen(register.Component, t`Create account`)}
        </Route>
        <Route path="/auth/verify">
          {lazyScreen(verify.Component, t`Verify email`)}
        </Route>
        <Route path="/auth/forgot-password">
          {lazyScreen(forgot.Component, t`Forgot password`)}
        </Route>
        <Route path="/auth/reset-password">
          {lazyScreen(reset.Component, t`Reset password`)}
        </Route>
        <Route path="/auth/settings">{lazyScreen(SettingsScreen, t`Settings`)}</Route>
        <Route path="/dashboard">{lazyScreen(DashboardScreen, t`Dashboard`)}</Route>
        <Route path="/tasks">{lazyScreen(TasksScreen, t`Tasks`)}</Route>
        <Route path="/tags">{lazyScreen(TagsScreen, t`Tags`)}</Route>
        <Route path="/calendar">{lazyScreen(CalendarScreen, t`Calendar`)}</Route>
        <Route path="/habits">{lazyScreen(HabitsScreen, t`Habits`)}</Route>
        <Route path="/inbox/share">{lazyScreen(InboxShareScreen, t`Inbox`)}</Route>
        <Route path="/inbox">{lazyScreen(InboxScreen, t`Inbox`)}</Route>
        <Route path="/notes">{lazyScreen(NotesScreen, t`Notes`)}</Route>
        <Route path="/admin" nest>
          <AdminOnly>
            <Screen title={t`Admin`}>
              <Suspense fallback={<SlowNotice delayMs={3000} />}>
                <AdminArea />
              </Suspense>
            </Screen>
          </AdminOnly>
        </Route>
        <Route path="/about">{lazyScreen(about.Component, t`About`)}</Route>
        <Route path="/donate">{lazyScreen(donate.Component, t`Donate`)}</Route>
        <Route path="/privacy">{lazyScreen(privacy.Component, t`Privacy`)}</Route>
        <Route path="/terms">{lazyScreen(terms.Component, t`Terms`)}</Route>
        <Route path="/feedback">{lazyScreen(feedback.Component, t`Feedback`)}</Route>
        <Route path="/debug">{lazyScreen(debug.Component, t`Debug`)}</Route>
        <Route path="/news">{lazyScreen(newsList.Component, t`News`)}</Route>
        <Route path="/news/:lang">{lazyScreen(newsList.Component, t`News`)}</Route>
        <Route path="/news/:lang/:displayPath">{lazyScreen(newsItem.Component, t`News`)}</Route>
        <Route>
          <ErrorPage status={404} />
        </Route>
      </Switch>
    </Guard>
  );
}
