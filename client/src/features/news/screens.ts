export { NewsListScreen } from './news-list-screen';
export { NewsItemScreen } from './news-item-screen';
