// Fills the Russian msgstr of the notes and folders features' messages from ru.json (see client/scripts/fill-ru.mjs).
// Run after `npx lingui extract`, from client/: node src/features/notes/i18n/fill-ru.mjs
import path from 'node:path';
import { fillRussian } from '../../../../scripts/fill-ru.mjs';

fillRussian({ ours: ['src/features/notes/', 'src/features/folders/'], ruJson: path.join(import.meta.dirname, 'ru.json') });
