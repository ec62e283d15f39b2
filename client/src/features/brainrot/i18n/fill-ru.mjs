// Fills the Russian msgstr of the video mode (brainrot) and /debug features' messages from ru.json (see
// client/scripts/fill-ru.mjs). Run after `npx lingui extract`, from client/: node src/features/brainrot/i18n/fill-ru.mjs
import path from 'node:path';
import { fillRussian } from '../../../../scripts/fill-ru.mjs';

fillRussian({ ours: ['src/features/brainrot/', 'src/features/debug/'], ruJson: path.join(import.meta.dirname, 'ru.json') });
