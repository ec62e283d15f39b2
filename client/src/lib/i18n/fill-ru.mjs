// Fills the Russian msgstr of the shared rooms' messages (lib/: the generic messages of SPEC section 8) from
// ru.json (see client/scripts/fill-ru.mjs). Run after `npx lingui extract`, from client/:
//   node src/lib/i18n/fill-ru.mjs
import path from 'node:path';
import { fillRussian } from '../../../scripts/fill-ru.mjs';

fillRussian({ ours: ['src/lib/'], ruJson: path.join(import.meta.dirname, 'ru.json') });
