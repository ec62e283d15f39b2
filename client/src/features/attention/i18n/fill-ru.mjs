// Fills the Russian msgstr of the "needs attention" feature's messages and of the app shell's sync notices
// (src/app/) from ru.json (see client/scripts/fill-ru.mjs). Run after `npx lingui extract`, from client/:
//   node src/features/attention/i18n/fill-ru.mjs
import path from 'node:path';
import { fillRussian } from '../../../../scripts/fill-ru.mjs';

fillRussian({ ours: ['src/features/attention/', 'src/app/'], ruJson: path.join(import.meta.dirname, 'ru.json') });
