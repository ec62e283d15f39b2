// Fills the Russian msgstr of the feedback feature's new messages from ru.json (see client/scripts/fill-ru.mjs).
// Run after `npx lingui extract`, from client/: node src/features/feedback/i18n/fill-ru.mjs
import path from 'node:path';
import { fillRussian } from '../../../../scripts/fill-ru.mjs';

fillRussian({ ours: ['src/features/feedback/'], ruJson: path.join(import.meta.dirname, 'ru.json') });
