/** The tasks feature's route screen, imported only lazily by app/routes.tsx (its own chunk). */
export { TasksScreen, warmTasks } from './tasks-screen';
