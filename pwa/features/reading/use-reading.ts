import { useSyncExternalStore } from 'react';
import { DEFAULT_READING, type ReadingSettings } from '#contract/reading';
import { getReading, subscribeReading } from './reading-store';

/** The reader's theme and text size; the defaults on the server (the controls render only in open menus). */
export function useReading(): ReadingSettings {
  return useSyncExternalStore(subscribeReading, getReading, () => DEFAULT_READING);
}
