// The search feature's public surface, for pwa/app to compose.
export { SiteSearch } from './components/site-search';
export { POPULAR_TOPICS, resultLine } from './components/topics';
