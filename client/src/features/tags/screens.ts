/** The tags feature's route screen, imported only lazily by app/routes.tsx (its own chunk). */
export { TagsScreen } from './tags-screen';
