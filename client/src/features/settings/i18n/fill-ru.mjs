// Fills the Russian msgstr of the settings feature's new messages from ru.json (see client/scripts/fill-ru.mjs).
// Run after `npx lingui extract`, from client/: node src/features/settings/i18n/fill-ru.mjs
import path from 'node:path';
import { fillRussian } from '../../../../scripts/fill-ru.mjs';

fillRussian({ ours: ['src/features/settings/'], ruJson: path.join(import.meta.dirname, 'ru.json') });
