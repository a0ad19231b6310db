import { newsletterInputSchema } from '../../../contract/index.js';
import type { Db } from '../../db.js';
import { newsletterRepo } from './newsletter.repo.js';

export function newsletterService(db: Db) {
  const repo = newsletterRepo(db);
  return {
    /** Subscribing twice is not an error: the reader simply stays subscribed, with one row. */
    async subscribe(input: unknown): Promise<{ created: boolean; message: string }> {
      const { email } = newsletterInputSchema.parse(input);
      const created = await repo.addIfNew(email.toLowerCase());
      return { created, message: created ? "You've been subscribed to our newsletter." : 'You are already subscribed.' };
    },
  };
}
