// Fills the Russian msgstr of the site feature's messages from ru.json (see client/scripts/fill-ru.mjs).
// Run after `npx lingui extract`, from client/: node src/features/site/i18n/fill-ru.mjs
import path from 'node:path';
import { fillRussian } from '../../../../scripts/fill-ru.mjs';

fillRussian({ ours: ['src/features/site/'], ruJson: path.join(import.meta.dirname, 'ru.json') });
