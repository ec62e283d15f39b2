/** The placeholder screen the router shows for sections not built yet (docs/architecture.md, "Rooms and public surfaces"). */
export { PlaceholderScreen } from './placeholder-screen';
