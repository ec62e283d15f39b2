// Fills the Russian msgstr of the calendar's Google Calendar messages from ru.json (see client/scripts/fill-ru.mjs).
// Run after `npx lingui extract`, from client/: node src/features/calendar/google/i18n/fill-ru.mjs
import path from 'node:path';
import { fillRussian } from '../../../../../scripts/fill-ru.mjs';

fillRussian({ ours: ['src/features/calendar/google/'], ruJson: path.join(import.meta.dirname, 'ru.json') });
