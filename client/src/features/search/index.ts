/**
 * The search feature's public surface (docs/architecture.md, "Rooms and public surfaces"): the header's search
 * button and the Ctrl+K handler, which `app/layout.tsx` mounts. Everything else (the palette, the index worker,
 * MiniSearch) loads on demand from them. docs/search-client.md describes it.
 */
export { SearchButton, useSearchShortcut, openSearch } from './search-launcher';
