import { I18nProvider } from '@lingui/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { SyncLifecycle } from '../db/use-sync-lifecycle';
import { i18n } from '../i18n';
import { DbUpgradeWatcher } from './db-upgrade-watcher';
import { ErrorBoundary } from './error-boundary';
import { Layout } from './layout';
import { AppRoutes } from './routes';
import { onNavigate } from './service-worker';
import { UpdatePrompt } from './update-prompt';

function NavigationWatcher() {
  const [location] = useLocation();
  useEffect(() => {
    onNavigate();
  }, [location]);
  return null;
}

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <NavigationWatcher />
      <SyncLifecycle />
      <Layout>
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
      </Layout>
      <UpdatePrompt />
      <DbUpgradeWatcher />
    </I18nProvider>
  );
}
