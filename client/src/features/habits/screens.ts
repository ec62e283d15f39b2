/** The habits feature's route screen, imported only lazily by app/routes.tsx (its own chunk). */
export { HabitsScreen, warmHabits } from './habits-screen';
