// Fills the Russian msgstr of the shell's messages (layout, navigation, error pages, slow-load notice) from
// ru.json (see client/scripts/fill-ru.mjs). Run after `npx lingui extract`, from client/:
//   node src/app/nav/i18n/fill-ru.mjs
import path from 'node:path';
import { fillRussian } from '../../../../scripts/fill-ru.mjs';

fillRussian({ ours: ['src/app/', 'src/components/ui/slow-notice.tsx'], ruJson: path.join(import.meta.dirname, 'ru.json') });
