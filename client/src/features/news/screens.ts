export { NewsListScreen, NewsItemScreen } from './stubs';
