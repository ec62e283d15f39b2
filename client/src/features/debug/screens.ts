export { DebugScreen } from './stubs';
