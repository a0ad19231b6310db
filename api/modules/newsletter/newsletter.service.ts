import { stringify } from 'csv-stringify/sync';
import type { Subscribers } from '#contract';
import type { Db } from '#api/db';
import { newsletterRepo } from './newsletter.repo';

/** The success text (docs/product.md#newsletter). The same for a new and a known address (see `subscribe`). */
export const SUBSCRIBED_MESSAGE = "You've been subscribed to our newsletter.";

export function newsletterService(db: Db) {
  const repo = newsletterRepo(db);

  /** For the editor's desk: how many subscribe, and who, newest first. */
  async function subscribers(): Promise<Subscribers> {
    const list = await repo.list();
    return { count: list.length, subscribers: list };
  }

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

    subscribers,

    /**
     * The same list as CSV (RFC 4180, a header row). A cell that a spreadsheet would read as a
     * formula (=, +, -, @ first) is written with a leading quote mark: the file is opened by people.
     */
    async subscribersCsv(): Promise<string> {
      const { subscribers: rows } = await subscribers();
      return stringify([['email', 'subscribed_at'], ...rows.map((s) => [s.email, s.subscribedAt])], { escape_formulas: true });
    },
  };
}

export type NewsletterService = ReturnType<typeof newsletterService>;
