import { useSyncExternalStore } from 'react';
import { getPositions, subscribePositions, type ResumePosition } from './resume-store';

const NONE: readonly ResumePosition[] = [];

/**
 * The positions kept on this device, newest first. The server has none, and neither has the render
 * that hydrates its markup (React uses the server's snapshot there), so nothing of the reader's
 * own can cause a hydration mismatch; they arrive in the render just after.
 */
export function usePositions(): readonly ResumePosition[] {
  return useSyncExternalStore(subscribePositions, getPositions, () => NONE);
}
