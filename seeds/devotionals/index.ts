import type { SeedDevotional } from '../types';
import { devotionalsPart1 } from './part-1';
import { devotionalsPart2 } from './part-2';

/** Sixty undated devotionals: the API rotates through them by day of year. */
export const devotionals: SeedDevotional[] = [...devotionalsPart1, ...devotionalsPart2].map((d) => ({
  ...d,
  content: d.content.trim(),
}));
