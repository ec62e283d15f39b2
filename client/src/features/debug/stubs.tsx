// Issue 18: stubs, replaced by the debug work.
export function DebugScreen() {
  return null;
}
