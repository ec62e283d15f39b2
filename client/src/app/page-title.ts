// Moved to lib/ so features can set their own title (a news item's); app/ keeps importing it from here.
export { usePageTitle } from '../lib/page-title';
