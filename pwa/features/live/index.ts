// The live Q&A feature's public surface, for pwa/app to compose.
export { LiveQa } from './components/live-qa';
