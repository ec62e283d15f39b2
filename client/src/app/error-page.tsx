// The error page lives in components/ so features can show it too (a news path that does not exist).
export { ErrorPage } from '../components/error-page';
