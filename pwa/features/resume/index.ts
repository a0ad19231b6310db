// Continue where you left off (docs/product.md#continue-where-you-left-off): how far each video played and each post was read, on this device.
// The watch page's player glue (ResumablePlayer, with the IFrame API) is imported by path, so it loads with that page only.
export { ContinueSection, CONTINUE_HEADING, resumePath } from './components/continue-section';
export { ReadingPosition } from './components/reading-position';
export { usePositions } from './use-positions';
export { clearPosition, continueItems, type ResumePosition, type ResumeKind } from './resume-store';
