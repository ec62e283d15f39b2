// Issue 18: stubs, replaced by the news work.
export function NewsListScreen() {
  return null;
}
export function NewsItemScreen() {
  return null;
}
export function AdminNewsScreen() {
  return null;
}
