// Fills the Russian msgstr of the calendar feature's messages from ru.json (see client/scripts/fill-ru.mjs); the
// event dialog (./dialog) has its own. Run after `npx lingui extract`, from client/: node src/features/calendar/i18n/fill-ru.mjs
import path from 'node:path';
import { fillRussian } from '../../../../scripts/fill-ru.mjs';

fillRussian({ ours: ['src/features/calendar/calendar-screen.tsx', 'src/features/calendar/components/', 'src/features/calendar/hooks/', 'src/features/calendar/data/', 'src/features/calendar/logic/'], ruJson: path.join(import.meta.dirname, 'ru.json') });
