/** The dashboard's route screen, imported only lazily by app/routes.tsx (its own chunk). */
export { DashboardScreen, warmDashboard } from './dashboard-screen';
