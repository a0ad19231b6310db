// The devotional feature's public surface, for pwa/app to compose.
export { DevotionalWidget, DEVOTIONAL_UNAVAILABLE } from './components/devotional-widget';
