/**
 * The calendar feature's public surface for static imports (docs/architecture.md, "Rooms and public surfaces"):
 * nothing of it is used by other features today. Its route screen (with FullCalendar) loads on demand through
 * `./screens`.
 */
export {};
