/** The settings feature's route screen, imported only lazily by app/routes.tsx (its own chunk). */
export { SettingsScreen } from './settings-screen';
