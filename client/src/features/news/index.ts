/** News (issue 18): the public news pages are lazy routes (screens.ts); the admin editor is part of the admin area. */
export { AdminNewsScreen } from './admin-news-screen';
