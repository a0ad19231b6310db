// Reading comfort (docs/product.md#reading-settings): the theme and text size a reader picks, kept on the device.
export { ReadingSettings } from './components/reading-settings-lazy';
export { ReadingMenu } from './components/reading-menu';
export { startReading } from './reading-store';
