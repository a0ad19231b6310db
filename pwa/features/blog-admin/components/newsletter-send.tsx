// Sending a post as a newsletter from the desk (docs/product.md#newsletter): the confirmation, and
// how far each send is. A chunk of its own, loaded when the editor first presses "Send as
// newsletter" or opens a published post in the form: the desk's list does not carry it.
import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import type { NewsletterSend, NewsletterSendCreated } from '#contract/newsletter-sends';
import { Dialog } from '#pwa/components/ui/dialog';
import { OfflineNote } from '#pwa/components/ui/offline';
import { useToast } from '#pwa/components/ui/toast';
import { ApiError, NetworkError } from '#pwa/lib/api-client';
import { formatDateTime, formatNumber } from '#pwa/lib/format';
import { useUser } from '#pwa/lib/session';
import { lastRealSend, useNewsletterSends, useSendNewsletter, useSendStatus } from '../api/newsletter-sends';
import { NewsletterIcon, SEND_AGAIN, SEND_AS_NEWSLETTER, SENDING_OFFLINE } from './newsletter-labels';

const subscribersText = (n: number) => `${formatNumber(n)} ${n === 1 ? 'subscriber' : 'subscribers'}`;

/** The words of a send's progress: "Sent 120 of 500 · 3 failed" (failures only when there are some). */
export function progressText({ sent, pending, failed }: { sent: number; pending: number; failed: number }): string {
  return `Sent ${formatNumber(sent)} of ${formatNumber(sent + pending + failed)}${failed > 0 ? ` · ${formatNumber(failed)} failed` : ''}`;
}

/** Why a send was refused, in the server's words when it gave some (409: already sent, or not published). */
function refusalOf(error: unknown): string {
  if (error instanceof NetworkError) return 'The newsletter could not be sent: the connection dropped. Try again.';
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return 'Failed to send the newsletter';
}

export interface SendNewsletterDialogProps {
  postId: number;
  title: string;
  online: boolean;
  onClose: () => void;
  /** A send (not a test) is under way: its id, to follow its progress. */
  onSent: (created: NewsletterSendCreated) => void;
  /** The post's last send, once its list is read: the caller's button then says "Send again". */
  onLastSend?: (send: NewsletterSend) => void;
}

/**
 * "Send to N subscribers?" (N: the confirmed subscribers now), with Send and Cancel, and "Send a
 * test to me", which goes to the editor alone. A post sent before is asked "Send again …?" with
 * when it last went, and its send carries `again: true`. A refusal (409) is said in the dialog.
 */
export function SendNewsletterDialog({ postId, title, online, onClose, onSent, onLastSend }: SendNewsletterDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const sends = useNewsletterSends(postId);
  const send = useSendNewsletter();
  const { toast } = useToast();
  const { user } = useUser();
  const [refusal, setRefusal] = useState<string | null>(null);
  const last = lastRealSend(sends.data?.sends);
  const count = sends.data?.subscribers;

  useEffect(() => {
    if (last) onLastSend?.(last);
    // Told once per send found, not on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [last?.id]);

  const onSend = (test: boolean) => {
    setRefusal(null);
    const input = test ? { postId, test: true } : last ? { postId, again: true } : { postId };
    send.mutate(input, {
      onSuccess: (created) => {
        if (test) {
          toast({ title: 'Test sent to your address', ...(user?.email ? { description: `It goes to ${user.email} alone.` } : {}) });
          return;
        }
        toast({ title: 'Newsletter on its way', description: `"${title}" is being sent to ${subscribersText(created.recipients)}.` });
        onSent(created);
        onClose();
      },
      onError: (error) => setRefusal(refusalOf(error)),
    });
  };

  const busy = send.isPending;
  const canSend = online && !busy && count !== undefined;
  const heading = count === undefined ? SEND_AS_NEWSLETTER : `${last ? 'Send again' : 'Send'} to ${subscribersText(count)}?`;
  return (
    <Dialog open onClose={onClose} labelledBy={titleId} boxClassName="max-w-lg">
      <h2 id={titleId} className="pr-8 text-lg font-bold">
        {heading}
      </h2>
      <p className="mt-2 break-words text-base-content/80">“{title}”</p>
      {sends.isPending ? (
        <span className="loading loading-spinner mt-4" aria-label="Loading the subscribers…" />
      ) : sends.isError ? (
        <p role="alert" className="mt-4 text-error">
          {sends.error instanceof NetworkError ? 'The number of subscribers needs a connection.' : 'Failed to fetch the subscribers.'}{' '}
          <button type="button" className="link" onClick={() => void sends.refetch()}>
            Retry
          </button>
        </p>
      ) : (
        <div className="mt-4 flex flex-col gap-2 text-sm">
          {last ? (
            <p>
              Last sent {formatDateTime(last.createdAt)} to {subscribersText(last.recipients)}. It goes out once: press Send again only if it should go out once more.
            </p>
          ) : (
            <p>It goes out once, to every confirmed subscriber, with a link back to the post.</p>
          )}
          {count === 0 ? <p>No one has confirmed a subscription yet: only a test can be sent.</p> : null}
        </div>
      )}
      {refusal ? (
        <p role="alert" className="alert alert-error mt-4 text-sm">
          {refusal}
        </p>
      ) : null}
      {online ? null : <OfflineNote className="mt-4">{SENDING_OFFLINE}</OfflineNote>}
      <div className="modal-action flex-wrap">
        <button type="button" className="btn btn-ghost mr-auto" disabled={!online || busy} onClick={() => onSend(true)}>
          {busy && send.variables?.test ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          Send a test to me
        </button>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" disabled={!canSend || count === 0} onClick={() => onSend(false)}>
          {busy && !send.variables?.test ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <NewsletterIcon />}
          {last ? 'Send again' : 'Send'}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * How far a send is, as text read out politely as it changes: "Sending… Sent 120 of 500 · 3
 * failed", then "Finished at {time}". Asked every 2 s while it is going out (useSendStatus);
 * `known` (the send as the post's list gave it) shows at once, and a finished one is not asked again.
 */
export function SendProgress({ id, known, className = '' }: { id: number; known?: NewsletterSend | undefined; className?: string }) {
  const status = useSendStatus(id, known);
  const data = status.data;
  const total = data ? data.sent + data.pending + data.failed : 0;
  const test = known?.test ? 'Test: ' : '';
  return (
    <div className={`flex flex-col gap-1.5 rounded-box border border-base-300 bg-base-200/60 px-3 py-2 text-sm ${className}`}>
      <p role="status" aria-live="polite" aria-atomic="true" className="flex flex-wrap items-center gap-x-2">
        {!data ? (
          status.isError ? (
            'The progress of the newsletter could not be fetched; it is asked again.'
          ) : (
            'Newsletter: starting…'
          )
        ) : data.status === 'sending' ? (
          <>
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            <span className="font-semibold">{test}Sending…</span>
            <span>{progressText(data)}</span>
          </>
        ) : (
          <>
            <span className="font-semibold">
              {test}Finished at {data.finishedAt ? formatDateTime(data.finishedAt) : '—'}
            </span>
            <span>{progressText(data)}</span>
          </>
        )}
      </p>
      {data && data.status === 'sending' ? <progress className="progress progress-primary w-full" value={data.sent + data.failed} max={total || 1} aria-hidden="true" /> : null}
    </div>
  );
}

/**
 * The newsletter part of a published post open in the form: its last send and how far it is (or
 * "Not sent yet"), how many subscribers a send reaches now, and "Send as newsletter" ("Send again"
 * once sent), which asks first. Online only: offline the button waits and says so.
 */
export function NewsletterPanel({ postId, title, online }: { postId: number; title: string; online: boolean }) {
  const headingId = `${useId()}-heading`;
  const sends = useNewsletterSends(postId);
  const [asking, setAsking] = useState(false);
  const [started, setStarted] = useState<number | null>(null);
  const last = lastRealSend(sends.data?.sends);
  // A send just made shows at once, before the list is read again.
  const shownId = started ?? last?.id;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          Newsletter
        </h3>
        <button type="button" className="btn btn-outline btn-sm" aria-label={`${last || started ? SEND_AGAIN : SEND_AS_NEWSLETTER}: "${title}"`} disabled={!online} onClick={() => setAsking(true)}>
          <NewsletterIcon />
          {last || started ? SEND_AGAIN : SEND_AS_NEWSLETTER}
        </button>
      </div>
      {sends.isPending && sends.isFetching ? (
        <span className="loading loading-spinner loading-sm" aria-label="Loading the newsletter's sends…" />
      ) : shownId !== undefined ? (
        <SendProgress key={shownId} id={shownId} known={started === null ? last : undefined} />
      ) : sends.data ? (
        <p className="text-sm text-base-content/80">Not sent yet. A send reaches {subscribersText(sends.data.subscribers)} now.</p>
      ) : null}
      {online ? null : <OfflineNote>{SENDING_OFFLINE}</OfflineNote>}
      {/* Out of the post's <form>: the dialog has forms of its own (its close button), and a form holds no form. */}
      {asking
        ? createPortal(<SendNewsletterDialog postId={postId} title={title} online={online} onClose={() => setAsking(false)} onSent={(created) => setStarted(created.id)} />, document.body)
        : null}
    </section>
  );
}
