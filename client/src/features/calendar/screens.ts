/** The calendar feature's route screen, imported only lazily by app/routes.tsx (its own chunk, with FullCalendar). */
export { CalendarScreen, warmCalendar } from './calendar-screen';
