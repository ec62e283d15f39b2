// Fills the Russian msgstr of the tasks feature's messages and the UI building blocks' from ru.json (see client/scripts/fill-ru.mjs).
// Run after `npx lingui extract`, from client/: node src/features/tasks/i18n/fill-ru.mjs
import path from 'node:path';
import { fillRussian } from '../../../../scripts/fill-ru.mjs';

fillRussian({ ours: ['src/features/tasks/', 'src/components/ui/', 'src/lib/dates.ts'], ruJson: path.join(import.meta.dirname, 'ru.json') });
