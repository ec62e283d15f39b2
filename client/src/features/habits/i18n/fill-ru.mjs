// Fills the Russian msgstr of the habits feature's messages from ru.json (see client/scripts/fill-ru.mjs).
// Run after `npx lingui extract`, from client/: node src/features/habits/i18n/fill-ru.mjs
import path from 'node:path';
import { fillRussian } from '../../../../scripts/fill-ru.mjs';

fillRussian({ ours: ['src/features/habits/'], ruJson: path.join(import.meta.dirname, 'ru.json') });
