import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ru'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.*'] }],
});
