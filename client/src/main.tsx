import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/service-worker';
import { applyAppearance, watchSystemTheme } from './app/theme';
import { activateLocale, initialLocale } from './i18n';
import './styles.css';

applyAppearance();
watchSystemTheme();
await activateLocale(initialLocale());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
