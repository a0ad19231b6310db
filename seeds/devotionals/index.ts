import type { SeedDevotional } from '../types.js';
import { devotionalsPart1 } from './part-1.js';
import { devotionalsPart2 } from './part-2.js';

/** Sixty undated devotionals: the API rotates through them by day of year. */
export const devotionals: SeedDevotional[] = [...devotionalsPart1, ...devotionalsPart2].map((d) => ({
  ...d,
  content: d.content.trim(),
}));
