export { DebugScreen } from './debug-screen';
