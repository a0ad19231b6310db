import type { Db } from '#api/db';
import { newsletterRepo } from './newsletter.repo';

/** The success text (docs/product.md#newsletter). The same for a new and a known address (see `subscribe`). */
export const SUBSCRIBED_MESSAGE = "You've been subscribed to our newsletter.";

export function newsletterService(db: Db) {
  const repo = newsletterRepo(db);
  return {
    /**
     * Subscribing twice is not an error: the reader simply stays subscribed, with one row. Anyone
     * may post any address, so the answer is one and the same whether it was new or already on
     * the list: it must not tell a stranger who subscribes.
     */
    async subscribe(email: string): Promise<{ message: string }> {
      await repo.addIfNew(email.toLowerCase());
      return { message: SUBSCRIBED_MESSAGE };
    },
  };
}

export type NewsletterService = ReturnType<typeof newsletterService>;
