// ESLint (flat config), run by `npm test` and `npm run lint`. Syntax rules only (no type information), so a full
// run stays well under a minute. Import cycles (type-only imports included, which import-x/no-cycle skips) are
// checked by test/architecture.test.ts with dpdm. What the rules enforce is described in docs/architecture.md ("Rooms and public
// surfaces", "What ESLint checks").
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const dirs = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const FEATURES = dirs('client/src/features');
const SERVER_MODULES = dirs('server/src/modules');

/**
 * The files of a server module that other modules and plugins may import: the sync engine and its store (every
 * domain writes through them), the user's public profile, and the entity reads of the domains another module
 * answers with (the inbox conversion answers the task, event, habit or note it made; search answers each hit as
 * its own GET route does). A module not listed here exposes nothing.
 */
const SERVER_MODULE_SURFACES = {
  sync: ['engine.ts', 'fanout.ts', 'hooks.ts', 'hub.ts', 'limits.ts', 'repository.ts', 'rows.ts', 'sync-state.ts', 'tag-refs.ts'],
  user: ['public-user.ts', 'repository.ts'],
  tasks: ['repository.ts'],
  events: ['repository.ts', 'import-write.ts'],
  // The Google Calendar import maps times and recurrence as a calendar file's import does, and its redirect URI's base as mail links do.
  'calendar-files': ['ics-import.ts', 'zones.ts'],
  auth: ['context.ts'],
  habits: ['repository.ts'],
  notes: ['repository.ts'],
  site: ['feature-toggles.ts', 'repository.ts'],
  news: ['page-meta.ts'],
};

const feature = (name, file = '') => `./client/src/features/${name}${file}`;
/** A feature's public surface: `index.ts` for static imports, `screens.ts` for the router's lazy imports. */
const surfaces = (names) => names.flatMap((n) => [`./${n}/index.ts`, `./${n}/screens.ts`]);
const serverSurfaces = (except) =>
  Object.entries(SERVER_MODULE_SURFACES)
    .filter(([name]) => name !== except)
    .flatMap(([name, files]) => files.map((f) => `./${name}/${f}`));

const boundaryZones = [
  // Features meet only through each other's public surface.
  ...FEATURES.map((name) => ({
    target: feature(name),
    from: './client/src/features',
    except: [`./${name}`, ...FEATURES.filter((n) => n !== name).map((n) => `./${n}/index.ts`)],
    message: 'Import another feature only through its index.ts (its public surface).',
  })),
  // app/ composes features through their public surfaces.
  {
    target: ['./client/src/app', './client/src/main.tsx'],
    from: './client/src/features',
    except: surfaces(FEATURES),
    message: 'Import a feature only through its index.ts, or its screens.ts with import() for a lazy route.',
  },
  // The shared rooms sit below the features and the app.
  {
    target: ['./client/src/lib', './client/src/db', './client/src/components', './client/src/session', './client/src/i18n.ts'],
    from: ['./client/src/features', './client/src/app'],
    message: 'lib/, db/, components/ and session/ never import features or app/.',
  },
  { target: './client/src/features', from: './client/src/app', message: 'Features never import app/ (app/ composes them).' },
  // Server modules meet only through the files SERVER_MODULE_SURFACES declares.
  ...SERVER_MODULES.map((name) => ({
    target: `./server/src/modules/${name}`,
    from: './server/src/modules',
    except: [`./${name}`, ...serverSurfaces(name)],
    message: "Import another server module only through its declared files (SERVER_MODULE_SURFACES in eslint.config.js).",
  })),
  {
    target: ['./server/src/plugins', './server/src/app.ts', './server/src/server.ts'],
    from: './server/src/modules',
    except: serverSurfaces(null).concat(SERVER_MODULES.map((n) => `./${n}/routes.ts`)),
    message: "Import a server module only through its declared files (SERVER_MODULE_SURFACES) or its routes.",
  },
  { target: './server/src/db', from: './server/src/modules', message: 'server db/ (schema, migrations, the data directory) sits below the modules.' },
];

/** Words in JSX text or in a user-facing attribute must come from Lingui (`<Trans>`, t`…`, msg`…`). */
const LETTERS = '/[A-Za-z\\u00C0-\\u024F\\u0400-\\u04FF]/';
const USER_FACING_ATTRIBUTES = '/^(title|placeholder|alt|label|aria-label|aria-description|aria-valuetext|aria-roledescription)$/';
const OUTSIDE_MACROS = ':not(JSXElement[openingElement.name.name=/^(Trans|Plural|Select|SelectOrdinal)$/] *)';
/** Not words: a colour like #4CAF50 shown as an example. */
const NOT_WORDS = ':not([value=/^#[0-9A-Fa-f]{3,8}$/])';
const untranslated = 'User-visible text must go through Lingui (<Trans>, t`…` or msg`…`).';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.tsbuild/**',
      '**/*.d.ts',
      '**/dev-dist/**',
      '**/node_modules/**',
      'client/src/locales/**/*.{ts,js}',
      'client/test-results/**',
      'bench/**',
      'scripts/**',
      'client/public/**',
      'client/scripts/**',
      '**/*.mjs',
      '**/*.cjs',
      '**/*.js',
      '!eslint.config.js',
    ],
  },
  {
    files: ['{client,server,shared}/**/*.{ts,tsx}', 'test/**/*.ts', 'eslint.config.js'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['client/tsconfig.json', 'server/tsconfig.json', 'shared/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['client/src/app/**/*.tsx'],
    rules: {
      // A feature's screens.ts is loaded with import() only, so each screen stays its own chunk.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/*/screens'], message: 'Load a feature screen with import(), not a static import.' }] }],
    },
  },
  {
    files: ['client/src/**/*.tsx'],
    ignores: ['client/src/**/*.test.tsx', 'client/src/**/testing.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `JSXText[value=${LETTERS}]${OUTSIDE_MACROS}`, message: untranslated },
        { selector: `JSXElement > JSXExpressionContainer > Literal[value=${LETTERS}]${OUTSIDE_MACROS}`, message: untranslated },
        { selector: `JSXElement > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=${LETTERS}]${OUTSIDE_MACROS}`, message: untranslated },
        { selector: `JSXAttribute[name.name=${USER_FACING_ATTRIBUTES}] > Literal[value=${LETTERS}]${NOT_WORDS}`, message: untranslated },
        { selector: `JSXAttribute[name.name=${USER_FACING_ATTRIBUTES}] > JSXExpressionContainer > Literal[value=${LETTERS}]${NOT_WORDS}`, message: untranslated },
      ],
    },
  },
);
