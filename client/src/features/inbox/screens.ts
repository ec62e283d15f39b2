/** The inbox's route screens, loaded on demand by the router (client/src/app/routes.tsx). */
export { InboxScreen } from './inbox-screen';
export { InboxShareScreen } from './share-screen';
