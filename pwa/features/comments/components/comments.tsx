import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { LogIn, MessageSquare, Send } from 'lucide-react';
import { COMMENT_MAX, type Comment, type ContentType } from '#contract';
import { Avatar } from '#pwa/components/ui/avatar';
import { ShowMore } from '#pwa/components/ui/show-more';
import { SyncMark } from '#pwa/components/ui/sync-mark';
import { useToast } from '#pwa/components/ui/toast';
import { openAuthDialog } from '#pwa/lib/auth-dialog';
import { formatAge, formatDateTime, formatNumber } from '#pwa/lib/format';
import { useUser } from '#pwa/lib/session';
import { type OutboxEntry, queuedWrites, useOutboxActions, useOutboxSubject, useOutboxWrite } from '#pwa/offline';
import { isDeliveredComment, useComments } from '../api/comments';
import { commentSubject, COMMENT_FAILURE, postCommentWrite } from '../api/writes';
import { useCommentModeration } from './comment-moderation';

export interface CommentsProps {
  contentType: ContentType;
  contentId: number;
}

/**
 * The comments of a video or article, newest first. Anyone may read them; posting needs a sign-in.
 * A posted comment goes through the outbox: it shows at once at the top, marked as waiting, and a
 * comment the server refuses stays on screen with its text and the reason until the user retries,
 * edits or discards it.
 */
export function Comments({ contentType, contentId }: CommentsProps) {
  const headingId = useId();
  const { user, isLoading: userLoading } = useUser();
  const comments = useComments(contentType, contentId);
  const waiting = queuedWrites(postCommentWrite, useOutboxSubject(commentSubject(contentType, contentId)) ?? []);
  const [draft, setDraft] = useState('');
  const moderation = useCommentModeration();

  const serverComments = comments.data?.pages.flat() ?? [];
  // A delivered comment is in the list at once; its queued entry may linger a moment: show it once.
  const queued = waiting.filter((entry) => !isDeliveredComment(entry.id));
  const total = serverComments.length + queued.length;

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold">
        <MessageSquare aria-hidden="true" className="size-5" />
        Comments{comments.isSuccess ? <span className="font-normal text-base-content/70">({comments.hasNextPage ? `${total}+` : total})</span> : null}
      </h2>

      <div className="mt-4">
        {userLoading ? null : user ? (
          <CommentForm contentType={contentType} contentId={contentId} draft={draft} setDraft={setDraft} />
        ) : (
          <div className="flex flex-col items-start gap-3 rounded-box border border-base-300 bg-base-200 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p>Please sign in to comment.</p>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => openAuthDialog('login')}>
              <LogIn aria-hidden="true" className="size-4" /> Sign in to comment
            </button>
          </div>
        )}
      </div>

      {total > 0 ? (
        <ol className="mt-6 flex flex-col gap-4" aria-label="Comments, newest first">
          {[...queued].reverse().map((entry) => (
            <QueuedComment key={entry.id} entry={entry} name={user?.name ?? user?.username ?? 'You'} avatarUrl={user?.avatarUrl} onEdit={setDraft} />
          ))}
          {serverComments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} actions={moderation.actions(comment)} />
          ))}
        </ol>
      ) : null}

      {moderation.dialogs}

      <ShowMore list={comments} label="Show older comments" failedText="Could not load older comments." className="mt-4" />

      {comments.isPending ? (
        <div role="status" aria-label="Loading comments…" className="mt-2 flex flex-col gap-4">
          {[0, 1].map((i) => (
            <div key={i} className="flex gap-3">
              <div className="skeleton size-9 shrink-0 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <div className="skeleton h-4 w-32" />
                <div className="skeleton h-4 w-full" />
              </div>
            </div>
          ))}
        </div>
      ) : comments.isError && !comments.isFetchNextPageError ? (
        <div className="mt-2 flex flex-wrap items-center gap-3 text-base-content/80">
          <p>Could not load the comments.</p>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void comments.refetch()}>
            Try again
          </button>
        </div>
      ) : total === 0 ? (
        <p className="mt-2 text-base-content/75">No comments yet. Be the first to share your thoughts.</p>
      ) : null}
    </section>
  );
}

function CommentForm({ contentType, contentId, draft, setDraft }: CommentsProps & { draft: string; setDraft: (text: string) => void }) {
  const fieldId = useId();
  const countId = `${fieldId}-count`;
  const { user } = useUser();
  const { toast } = useToast();
  const write = useOutboxWrite();
  const formRef = useRef<HTMLFormElement>(null);
  const blank = draft.trim().length === 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      toast({ title: 'Not signed in', description: 'Please sign in to comment.', variant: 'destructive' });
      return;
    }
    const comment = draft.trim();
    if (!comment) {
      toast({ title: 'Empty comment', description: 'Please enter a comment.', variant: 'destructive' });
      return;
    }
    setDraft('');
    await write(postCommentWrite, user.id, { contentType, contentId, comment });
    toast({ title: 'Comment posted!' });
  };

  // Ctrl/⌘+Enter posts, like most comment boxes.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  };

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2" noValidate>
      <label htmlFor={fieldId} className="text-sm font-medium">
        Add a comment
      </label>
      <textarea
        id={fieldId}
        className="textarea min-h-24 w-full text-base"
        value={draft}
        maxLength={COMMENT_MAX}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Share your thoughts…"
        aria-describedby={countId}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={countId} className={`text-sm ${draft.length >= COMMENT_MAX ? 'text-error' : 'text-base-content/75'}`}>
          {formatNumber(draft.length)}/{formatNumber(COMMENT_MAX)} characters
        </span>
        <button type="submit" className="btn btn-primary btn-sm" disabled={blank}>
          <Send aria-hidden="true" className="size-4" /> Post Comment
        </button>
      </div>
    </form>
  );
}

function CommentBody({ name, avatarUrl, when, text, children }: { name: string; avatarUrl: string | null | undefined; when: ReactNode; text: string; children?: ReactNode }) {
  return (
    <div className="flex gap-3">
      <Avatar name={name} src={avatarUrl} className="size-9 text-sm" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{name}</span>
          {when}
        </p>
        {/* Plain text: a comment is never rendered as HTML or Markdown. */}
        <p className="mt-1 break-words whitespace-pre-wrap">{text}</p>
        {children}
      </div>
    </div>
  );
}

/** "just now" for the first minute (rather than "0 seconds ago"), then "5 minutes ago", "3 days ago". */
function ageOf(iso: string): string {
  const ms = Date.now() - new Date(iso).getTime();
  return ms >= 0 && ms < 60_000 ? 'just now' : formatAge(iso);
}

function CommentItem({ comment, actions }: { comment: Comment; actions: ReactNode }) {
  return (
    <li>
      <CommentBody
        name={comment.user.name}
        avatarUrl={comment.user.avatarUrl}
        text={comment.comment}
        when={
          <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)} className="text-base-content/70">
            {ageOf(comment.createdAt)}
          </time>
        }
      >
        {actions}
      </CommentBody>
    </li>
  );
}

function QueuedComment({
  entry,
  name,
  avatarUrl,
  onEdit,
}: {
  entry: OutboxEntry & { vars: { comment: string } };
  name: string;
  avatarUrl: string | null | undefined;
  onEdit: (text: string) => void;
}) {
  const { toast } = useToast();
  const { retry, discard } = useOutboxActions();
  const text = entry.vars.comment;
  const failed = entry.status === 'failed';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: 'The comment is on your clipboard.' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the text and copy it yourself.', variant: 'destructive' });
    }
  };

  return (
    <li className={failed ? 'rounded-box border border-error/40 bg-error/5 p-3' : ''}>
      <CommentBody
        name={name}
        avatarUrl={avatarUrl}
        text={text}
        when={failed ? <span className="text-error">Not posted</span> : <SyncMark status="pending" />}
      >
        {failed ? (
          <div className="mt-2 flex flex-col gap-2">
            <p className="text-sm text-error">{entry.lastError ?? COMMENT_FAILURE}</p>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-primary btn-xs" onClick={() => void retry(entry.id)}>
                Retry
              </button>
              <button
                type="button"
                className="btn btn-outline btn-xs"
                onClick={() => {
                  onEdit(text);
                  void discard(entry.id);
                }}
              >
                Edit
              </button>
              <button type="button" className="btn btn-outline btn-xs" onClick={() => void copy()}>
                Copy text
              </button>
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => void discard(entry.id)}>
                Discard
              </button>
            </div>
          </div>
        ) : null}
      </CommentBody>
    </li>
  );
}
