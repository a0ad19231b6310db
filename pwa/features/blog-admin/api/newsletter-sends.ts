import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  newsletterSendCreatedSchema,
  newsletterSendsSchema,
  newsletterSendStatusSchema,
  type NewsletterSend,
  type NewsletterSendCreated,
  type NewsletterSendInput,
  type NewsletterSendStatus,
} from '#contract/newsletter-sends';
import { apiFetch, withQuery } from '#pwa/lib/api-client';
import { blogAdminKeys } from './keys';

/** How often a send that is going out is asked how far it is. */
export const SEND_POLL_MS = 2_000;

/**
 * GET /api/newsletter/sends?postId=: the post's sends, newest first, and how many confirmed
 * subscribers a send would reach now (docs/product.md#newsletter). Fetched when `enabled`: the
 * list's rows ask only once "Send as newsletter" is pressed, not one request per row.
 */
export const useNewsletterSends = (postId: number, enabled = true) =>
  useQuery({
    queryKey: blogAdminKeys.sends(postId),
    queryFn: ({ signal }) => apiFetch(withQuery('/api/newsletter/sends', { postId }), { schema: newsletterSendsSchema, signal }),
    enabled,
    // The count of subscribers changes as readers confirm: asked again each time it is shown.
    staleTime: 0,
  });

/**
 * GET /api/newsletter/sends/{id}: how far a send is, asked again every 2 s while it is going
 * out and no more once it has finished. `known` (the send as the post's list gave it) shows at
 * once; a finished send does not change, and is not asked again.
 */
export const useSendStatus = (id: number, known?: NewsletterSendStatus) =>
  useQuery({
    queryKey: blogAdminKeys.send(id),
    queryFn: ({ signal }) => apiFetch(`/api/newsletter/sends/${id}`, { schema: newsletterSendStatusSchema, signal }),
    ...(known ? { initialData: known } : {}),
    staleTime: (query) => (query.state.data?.status === 'finished' ? Infinity : 0),
    refetchInterval: (query) => (query.state.data?.status === 'finished' ? false : SEND_POLL_MS),
  });

/** POST /api/newsletter/sends: 202 with the send's id and how many it goes to; 409 when already sent (without `again`) or not published. */
export function sendNewsletter(input: NewsletterSendInput): Promise<NewsletterSendCreated> {
  return apiFetch('/api/newsletter/sends', { method: 'POST', body: input, schema: newsletterSendCreatedSchema });
}

export function useSendNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNewsletter,
    // The post's list of sends: its "Send again", and its last send's progress. A refusal (409) too:
    // someone else may have sent it meanwhile.
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: blogAdminKeys.sends(input.postId) }),
  });
}

/** The post's last send to its subscribers (tests to the editor are no send), if any. */
export const lastRealSend = (sends: readonly NewsletterSend[] | undefined): NewsletterSend | undefined => sends?.find((send) => !send.test);
