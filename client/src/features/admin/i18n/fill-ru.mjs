// Fills the Russian msgstr of the admin feature's messages from ru.json (see client/scripts/fill-ru.mjs).
// Run after `npx lingui extract`, from client/: node src/features/admin/i18n/fill-ru.mjs
import path from 'node:path';
import { fillRussian } from '../../../../scripts/fill-ru.mjs';

fillRussian({ ours: ['src/features/admin/'], ruJson: path.join(import.meta.dirname, 'ru.json') });
