import { useMutation } from '@tanstack/react-query';
import type { NewsletterInput } from '#contract/content';
import { apiFetch } from '#pwa/lib/api-client';

/** POST /api/newsletter {email}. The server answers 200 with the same message for a new and a known address. */
export const subscribe = (input: NewsletterInput) => apiFetch('/api/newsletter', { method: 'POST', body: input });

/** A plain call, not an outbox write: it needs no account and its answer is shown at once. */
export const useSubscribe = () => useMutation({ mutationFn: subscribe });
