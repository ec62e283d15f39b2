/** The notes feature's route screen, imported only lazily by app/routes.tsx (its own chunk). */
export { NotesScreen } from './notes-screen';
