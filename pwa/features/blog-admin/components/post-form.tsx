import { Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { AlarmClock, CloudOff, FilePlus2, FileText, Save } from 'lucide-react';
import { categories, type Category } from '#contract/common';
import { createBlogPostInputSchema, importSubstackInputSchema, READ_TIME_DEFAULT, type EditorPost } from '#contract/posts';
import { TextAreaField, TextField } from '#pwa/components/ui/text-field';
import { useToast } from '#pwa/components/ui/toast';
import { NetworkError, serverMessageOf } from '#pwa/lib/api-client';
import { formatDateTime } from '#pwa/lib/format';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { CategoryField } from './category-field';
import { useCreatePost, type CreatePostBody } from '../api/create-post';
import { changedSince, usePostForEditing, useUpdatePost } from '../api/edit-post';
import { firstMessages, instantOf, localOf } from './form-fields';
import { PostHistory } from './post-history';
import { CoverPicture, InsertPicture } from './post-pictures';
import { forgetUnsaved, readUnsaved, writeUnsaved, type UnsavedPost } from './unsaved-post';
import { DeskFormCard } from './desk-form-card';
import { NewsletterPanel } from './newsletter-button';

interface FormValues {
  title: string;
  excerpt: string;
  content: string;
  category: Category;
  readTime: string;
  isImport: boolean;
  substackUrl: string;
  publishedAt: string;
  /** When readers may see a written post (datetime-local, the editor's time); empty: when published. */
  publishAt: string;
  /** The cover picture's path (`/objects/{id}`) and its alt text; empty: none. */
  coverImageUrl: string;
  coverImageAlt: string;
  /** "Email subscribers when published": the post goes out as a newsletter once readers may see it. */
  emailSubscribers: boolean;
}

type Field = keyof FormValues;
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY: FormValues = {
  title: '',
  excerpt: '',
  content: '',
  category: categories[0],
  readTime: String(READ_TIME_DEFAULT),
  isImport: false,
  substackUrl: '',
  publishedAt: '',
  publishAt: '',
  coverImageUrl: '',
  coverImageAlt: '',
  emailSubscribers: false,
};

/** The form filled with a post (or a saved version of one) to edit. */
export function valuesOf(
  post: Pick<EditorPost, 'title' | 'excerpt' | 'content' | 'category' | 'readTime' | 'publishedAt' | 'coverImageUrl' | 'coverImageAlt'> & {
    status: string;
    emailSubscribers?: boolean | undefined;
  },
): FormValues {
  return {
    ...EMPTY,
    title: post.title,
    excerpt: post.excerpt ?? '',
    content: post.content,
    category: post.category,
    readTime: String(post.readTime),
    coverImageUrl: post.coverImageUrl ?? '',
    coverImageAlt: post.coverImageAlt ?? '',
    // A scheduled post shows its time; a published one keeps its own unless a time is given.
    publishAt: post.status === 'scheduled' ? localOf(post.publishedAt) : '',
    emailSubscribers: post.emailSubscribers ?? false,
  };
}

/** Whether the form's publication time is ahead: "Publish" then schedules. */
const isScheduled = (values: FormValues, now = Date.now()) => {
  const at = instantOf(values.publishAt);
  return !values.isImport && at !== null && Date.parse(at) > now;
};

/** Checks the form with createBlogPostInputSchema (and importSubstackInputSchema for an import); a body to send, or the field messages. */
export function validatePostForm(values: FormValues, status: 'draft' | 'published' = 'published'): { body: CreatePostBody } | { errors: FieldErrors } {
  const common = { title: values.title, excerpt: values.excerpt, content: values.content, category: values.category, readTime: values.readTime };
  const publishedAt = instantOf(values.publishAt);
  // An import has no cover (its section is not shown then): one added before Import was ticked is
  // neither checked, which would stop Import at a field the editor cannot see, nor sent.
  const withCover = !values.isImport && values.coverImageUrl;
  const cover = { coverImageUrl: withCover ? values.coverImageUrl : null, coverImageAlt: withCover ? values.coverImageAlt : null };
  // Sent when marked (an edit also sends it when the post was marked: unmarking it is a change).
  const email = values.emailSubscribers ? { emailSubscribers: true } : {};
  const created = createBlogPostInputSchema.safeParse({ ...common, ...cover, isExternal: false, status, ...(publishedAt ? { publishedAt } : {}), ...email });
  const errors = firstMessages<Field>(created.error);
  if (values.publishAt && !publishedAt && !values.isImport) errors.publishAt = 'Please enter a date and time';
  if (!values.isImport) return created.success ? { body: { kind: 'create', body: created.data } } : { errors };

  const imported = importSubstackInputSchema.safeParse({
    ...common,
    substackUrl: values.substackUrl,
    isExternal: true,
    ...(values.publishedAt ? { publishedAt: values.publishedAt } : {}),
  });
  Object.assign(errors, firstMessages<Field>(imported.error, ['substackUrl', 'publishedAt']));
  if (!values.substackUrl.trim()) errors.substackUrl = 'Substack URL is required';
  if (Object.keys(errors).length > 0 || !imported.success) return { errors };
  return { body: { kind: 'import', body: imported.data } };
}

/**
 * A save pressed offline, or whose request did not get through: sent again once the device is back
 * online, with the same Idempotency-Key, so a save whose answer was lost is never made twice. The
 * form is held as it was while it waits ("Keep editing" lets go of it), so what is sent is what the
 * editor saved; an edit still carries its version, and a stale one is refused like any other.
 */
interface WaitingSave {
  status: 'draft' | 'published';
  fromVersion: number | undefined;
  key: string;
  /** Failed sends so far: while the browser believes it is online, the next try waits a little. */
  tries: number;
}

/**
 * A save's Idempotency-Key: 128 random bits. Not lib/ids' newId, which lives in the device
 * store's chunk (vite.config.ts): the desk would load Dexie and the outbox before it shows.
 */
const saveKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** How long a save that did not get through (while the browser says it is online) waits before it is tried again. */
export const SAVE_RETRY_MS = 10_000;

/** What the Preview shows of the form: the post as its page will show it. */
export interface PostPreviewShown {
  title: string;
  category: Category;
  publishedAt: string;
  readTime: number;
  excerpt: string | null;
  content: string;
  coverImageUrl: string | null;
  coverImageAlt: string | null;
}

/** How the route renders a preview (the blog feature's article, with its safe Markdown renderer). */
export type RenderPreview = (post: PostPreviewShown) => ReactNode;

/** The post the form holds now, as readers would get it if it were saved (its time: the one set, else now). */
export function previewOf(values: FormValues, now = new Date()): PostPreviewShown {
  const readTime = Number(values.readTime);
  return {
    title: values.title.trim() || 'Untitled',
    category: values.category,
    publishedAt: instantOf(values.publishAt) ?? now.toISOString(),
    readTime: Number.isInteger(readTime) && readTime > 0 ? readTime : READ_TIME_DEFAULT,
    excerpt: values.excerpt.trim() || null,
    content: values.content,
    coverImageUrl: values.coverImageUrl || null,
    coverImageAlt: values.coverImageUrl ? values.coverImageAlt : null,
  };
}

/** What an edit starts from: the post's id, its state and the version the form was filled from. */
interface EditBase {
  id: number;
  status: EditorPost['status'];
  version: number;
  isExternal: boolean;
  substackUrl: string | null;
  thumbnailUrl: string | null;
  /** Whether the post was marked "Email subscribers when published" (and not sent yet). */
  emailSubscribers: boolean;
}

/**
 * The editors' article form: a new article, or (`editingId`) one of the list's posts, filled in
 * from the server's current version. Content is Markdown, with a Preview tab that renders it the
 * way the post page will (`renderPreview`, given by the route: the blog feature's safe renderer).
 * An edit carries the version it started from: when someone saved since, the form says who and
 * offers their version or keeping this one (docs/decisions/013: the API refuses a stale save).
 */
export function PostForm({ renderPreview, editingId = null, onDoneEditing }: { renderPreview: RenderPreview; editingId?: number | null; onDoneEditing?: () => void }) {
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [base, setBase] = useState<EditBase | null>(null);
  /** What the form was filled from (empty, or the post): typing away from it is kept on the device. */
  const [baseline, setBaseline] = useState<FormValues>(EMPTY);
  const [unsaved, setUnsaved] = useState<UnsavedPost<FormValues> | null>(() => readUnsaved<FormValues>(null));
  const [conflict, setConflict] = useState<{ message: string; post: EditorPost } | null>(null);
  const editing = usePostForEditing(editingId);
  const update = useUpdatePost();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [attempt, setAttempt] = useState(0);
  const [waiting, setWaiting] = useState<WaitingSave | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const create = useCreatePost();
  const online = useOnlineStatus();
  const { toast } = useToast();
  const id = useId();

  const fillFrom = (post: EditorPost) => {
    setValues(valuesOf(post));
    setBaseline(valuesOf(post));
    setUnsaved(readUnsaved<FormValues>(post.id));
    setBase({
      id: post.id,
      status: post.status,
      version: post.version,
      isExternal: post.isExternal,
      substackUrl: post.substackUrl,
      thumbnailUrl: post.thumbnailUrl,
      emailSubscribers: post.emailSubscribers ?? false,
    });
    setErrors({});
  };

  // The post to edit, as the server has it now (its version is what the edit starts from).
  const loaded = editing.data;
  useEffect(() => {
    if (loaded && loaded.id === editingId) {
      fillFrom(loaded);
      setConflict(null);
      formRef.current?.scrollIntoView?.({ block: 'start' });
    }
    // Filled once per post opened (and per version the server gives when it is opened again).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded?.id, loaded?.version, editingId]);

  const stopEditing = () => {
    setWaiting(null);
    setBase(null);
    setConflict(null);
    setValues(EMPTY);
    setBaseline(EMPTY);
    setUnsaved(readUnsaved<FormValues>(null));
    setErrors({});
    onDoneEditing?.();
  };

  const set = <K extends Field>(field: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A message goes once the field is edited; the next submit checks again.
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  // Nothing typed is lost: what differs from what the form was filled with is kept on the device
  // as it is typed (a moment after the last key), until the post is saved; the latest typing wins.
  // While an offer to restore earlier text is open, that text is not forgotten by an untouched form.
  const postKey = base?.id ?? null;
  useEffect(() => {
    const changed = JSON.stringify(values) !== JSON.stringify(baseline);
    if (!changed && unsaved) return;
    const timer = setTimeout(() => (changed ? writeUnsaved(postKey, values) : forgetUnsaved(postKey)), 300);
    return () => clearTimeout(timer);
  }, [values, baseline, postKey, unsaved]);

  // After a refused submit, take the keyboard to the first field to fix.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  // A save refused because someone saved since: the question is at the top of the form, off screen
  // on a phone whose editor just pressed Save at its foot. Bring it into view.
  const conflictRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (conflict) conflictRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [conflict]);

  const scheduled = isScheduled(values);
  const pending = create.isPending || update.isPending;
  // What the last save asked for: "Keep mine" asks for it again, from their version.
  const lastStatus = useRef<'draft' | 'published'>('published');
  const save = (status: 'draft' | 'published', fromVersion?: number, retry?: WaitingSave) => {
    if (pending) return;
    lastStatus.current = status;
    const result = validatePostForm(values, status);
    if ('errors' in result) {
      setErrors(result.errors);
      if (result.errors.content) setTab('write');
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    const key = retry?.key ?? saveKey();
    // A send that failed waits SAVE_RETRY_MS before the next; one pressed offline goes when back.
    const waitForConnection = (failed: boolean) => setWaiting({ status, fromVersion, key, tries: (retry?.tries ?? 0) + (failed ? 1 : 0) });
    if (!online) {
      waitForConnection(false);
      return;
    }
    setWaiting(null);
    if (base && result.body.kind === 'create') {
      const body = {
        ...result.body.body,
        ...(base.emailSubscribers ? { emailSubscribers: values.emailSubscribers } : {}),
        isExternal: base.isExternal,
        substackUrl: base.substackUrl,
        thumbnailUrl: base.thumbnailUrl,
        version: fromVersion ?? base.version,
      };
      update.mutate(
        { id: base.id, body, key },
        {
          onSuccess: (post) => {
            toast({ title: post.status === 'draft' ? 'Draft saved' : post.status === 'scheduled' ? 'Blog post scheduled' : 'Blog post updated' });
            forgetUnsaved(post.id);
            stopEditing();
            setTab('write');
          },
          onError: (error) => {
            if (error instanceof NetworkError) return waitForConnection(true);
            const stale = changedSince(error);
            if (stale) {
              setConflict(stale);
              return;
            }
            const message = serverMessageOf(error);
            toast({ title: 'Failed to update blog post', ...(message ? { description: message } : {}), variant: 'destructive' });
          },
        },
      );
      return;
    }
    create.mutate({ ...result.body, key }, {
      onSuccess: () => {
        toast({ title: status === 'draft' ? 'Draft saved' : scheduled ? 'Blog post scheduled' : 'Blog post created successfully' });
        forgetUnsaved(null);
        setValues(EMPTY);
        setTab('write');
      },
      onError: (error) => {
        if (error instanceof NetworkError) return waitForConnection(true);
        const message = serverMessageOf(error);
        toast({ title: 'Failed to create blog post', ...(message ? { description: message } : {}), variant: 'destructive' });
      },
    });
  };

  // A waiting save goes as soon as the device is back online (at once after the `online` event; a
  // little later when a send failed although the browser believed it was online).
  useEffect(() => {
    if (!waiting || !online) return;
    const timer = setTimeout(() => save(waiting.status, waiting.fromVersion, waiting), waiting.tries > 0 ? SAVE_RETRY_MS : 0);
    return () => clearTimeout(timer);
    // `save` reads the form as it is: held unchanged while the save waits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, online]);

  /** Puts `markdown` (a picture) in the text where the cursor was, as a paragraph of its own. */
  const insertIntoContent = (markdown: string) => {
    const textarea = contentRef.current;
    const start = textarea?.selectionStart ?? values.content.length;
    const end = textarea?.selectionEnd ?? start;
    const before = values.content.slice(0, start).replace(/\s+$/, '');
    const after = values.content.slice(end).replace(/^\s+/, '');
    set('content', `${before ? `${before}\n\n` : ''}${markdown}\n\n${after}`);
    setTab('write');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save('published');
  };

  const contentId = `${id}-content`;
  const contentErrorId = `${id}-content-error`;

  return (
    <DeskFormCard heading={base ? 'Edit Article' : 'Add New Article'} onCancel={base ? stopEditing : undefined} formRef={formRef} onSubmit={onSubmit}>
      {editingId !== null && !base && editing.isFetching ? <span className="loading loading-spinner" aria-label="Loading the post…" /> : null}
      {conflict ? (
        <div ref={conflictRef} role="alert" aria-labelledby={`${id}-conflict`} className="alert alert-warning flex flex-col items-start gap-3">
          <p id={`${id}-conflict`} className="font-semibold">
            {conflict.message}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => {
                fillFrom(conflict.post);
                setConflict(null);
              }}
            >
              Load their version
            </button>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => {
                const theirs = conflict.post;
                setConflict(null);
                setBase((b) => (b ? { ...b, version: theirs.version } : b));
                save(lastStatus.current, theirs.version);
              }}
            >
              Keep mine
            </button>
          </div>
        </div>
      ) : null}

      {unsaved && JSON.stringify(unsaved.values) !== JSON.stringify(values) ? (
        <div role="status" className="alert alert-info flex flex-wrap items-center justify-between gap-3">
          <span>You have unsaved changes from {formatDateTime(new Date(unsaved.at).toISOString())}.</span>
          <span className="flex gap-2">
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => {
                // Kept before the form had some of today's fields: those start empty.
                setValues({ ...EMPTY, ...unsaved.values });
                setUnsaved(null);
              }}
            >
              Restore unsaved changes
            </button>
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              onClick={() => {
                forgetUnsaved(postKey);
                setUnsaved(null);
              }}
            >
              Discard
            </button>
          </span>
        </div>
      ) : null}

      {/* Held while a save is sent or waits: what goes is what was saved, and nothing typed meanwhile is lost to it. */}
      <fieldset disabled={waiting !== null || pending} className="contents">
        <TextField label="Title" value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} aria-required="true" autoComplete="off" />

        <TextAreaField
          label="Excerpt"
          rows={2}
          value={values.excerpt}
          onChange={(e) => set('excerpt', e.target.value)}
          error={errors.excerpt}
          hint={errors.excerpt ? undefined : 'Left empty, the first paragraph of the content is used.'}
        />

        {values.isImport ? null : (
          <CoverPicture
            url={values.coverImageUrl}
            alt={values.coverImageAlt}
            altError={errors.coverImageAlt}
            online={online}
            onChange={(cover) => {
              if (cover.url !== undefined) set('coverImageUrl', cover.url);
              if (cover.alt !== undefined) set('coverImageAlt', cover.alt);
            }}
          />
        )}

        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <label htmlFor={contentId} className="text-sm font-medium">
              {values.isImport ? 'Content (HTML from Substack)' : 'Content (Markdown)'}
            </label>
            <div role="tablist" aria-label="Content" className="tabs tabs-box tabs-sm">
              <button
                type="button"
                role="tab"
                id={`${id}-write-tab`}
                aria-selected={tab === 'write'}
                aria-controls={`${id}-write-panel`}
                className={`tab ${tab === 'write' ? 'tab-active' : ''}`}
                onClick={() => setTab('write')}
              >
                Write
              </button>
              <button
                type="button"
                role="tab"
                id={`${id}-preview-tab`}
                aria-selected={tab === 'preview'}
                aria-controls={`${id}-preview-panel`}
                className={`tab ${tab === 'preview' ? 'tab-active' : ''}`}
                onClick={() => setTab('preview')}
              >
                Preview
              </button>
            </div>
          </div>
          <div role="tabpanel" id={`${id}-write-panel`} aria-labelledby={`${id}-write-tab`} hidden={tab !== 'write'}>
            <textarea
              ref={contentRef}
              id={contentId}
              rows={12}
              className={`textarea w-full font-mono text-sm ${errors.content ? 'textarea-error' : ''}`}
              value={values.content}
              onChange={(e) => set('content', e.target.value)}
              placeholder={'## A heading\n\nA paragraph with **bold** text and a [link](https://example.com).\n\n> A quotation'}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={errors.content ? contentErrorId : undefined}
            />
            {values.isImport ? null : (
              <div className="mt-3">
                <InsertPicture online={online} onInsert={insertIntoContent} />
              </div>
            )}
          </div>
          <div
            role="tabpanel"
            id={`${id}-preview-panel`}
            aria-labelledby={`${id}-preview-tab`}
            hidden={tab !== 'preview'}
            className="min-h-40 rounded-field border border-base-300 bg-base-200/40 p-4"
          >
            {tab === 'preview' ? (
              values.isImport ? (
                <p className="text-base-content/70">Imported HTML is converted to Markdown, without scripts, when it is saved; the post page then shows it.</p>
              ) : values.title.trim() || values.content.trim() ? (
                renderPreview(previewOf(values))
              ) : (
                <p className="text-base-content/70">Nothing to preview yet.</p>
              )
            ) : null}
          </div>
          {errors.content ? (
            <p id={contentErrorId} className="text-sm text-error">
              {errors.content}
            </p>
          ) : null}
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <CategoryField value={values.category} onChange={(category) => set('category', category)} error={errors.category} />
          <TextField
            label="Read time (minutes)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.readTime}
            onChange={(e) => set('readTime', e.target.value)}
            error={errors.readTime}
          />
        </div>

        {base ? null : (
          <label className="flex cursor-pointer items-center gap-3">
            <input type="checkbox" className="checkbox checkbox-primary" checked={values.isImport} onChange={(e) => set('isImport', e.target.checked)} />
            <span className="text-sm font-medium">Import from Substack</span>
          </label>
        )}

        {values.isImport ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Substack URL"
              type="url"
              inputMode="url"
              placeholder="https://yourname.substack.com/p/…"
              value={values.substackUrl}
              onChange={(e) => set('substackUrl', e.target.value)}
              error={errors.substackUrl}
              aria-required="true"
            />
            <TextField
              label="Publication date"
              type="date"
              value={values.publishedAt}
              onChange={(e) => set('publishedAt', e.target.value)}
              error={errors.publishedAt}
              hint="Left empty, today."
            />
          </div>
        ) : null}

        {values.isImport ? null : (
          <TextField
            label="Publish at"
            type="datetime-local"
            value={values.publishAt}
            onChange={(e) => set('publishAt', e.target.value)}
            error={errors.publishAt}
            hint={errors.publishAt ? undefined : scheduled ? 'Readers see it from then on.' : 'Left empty, when it is published.'}
          />
        )}

        {/* Not for a post readers already have: that one is sent with "Send as newsletter" (below). */}
        {values.isImport || base?.status === 'published' ? null : (
          <div className="flex flex-col gap-1">
            <label className="flex cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                className="checkbox checkbox-primary"
                checked={values.emailSubscribers}
                onChange={(e) => set('emailSubscribers', e.target.checked)}
                aria-describedby={`${id}-email-hint`}
              />
              <span className="text-sm font-medium">Email subscribers when published</span>
            </label>
            <p id={`${id}-email-hint`} className="pl-9 text-sm text-base-content/70">
              {scheduled ? 'Sent once to the confirmed subscribers at the time above.' : 'Sent once to the confirmed subscribers as soon as it is published.'}
            </p>
          </div>
        )}

        {/* A restored version keeps the mark as it is now: it is not a part of the post's text. */}
        {base ? <PostHistory postId={base.id} onRestore={(version) => setValues((v) => ({ ...valuesOf(version), emailSubscribers: v.emailSubscribers }))} /> : null}

        <div className="card-actions justify-end">
          {values.isImport || base?.status === 'published' ? null : (
            <button type="button" className="btn btn-outline" disabled={pending} onClick={() => save('draft')}>
              <FileText aria-hidden="true" className="size-4" />
              Save Draft
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : scheduled ? (
              <AlarmClock aria-hidden="true" className="size-4" />
            ) : base?.status === 'published' ? (
              <Save aria-hidden="true" className="size-4" />
            ) : (
              <FilePlus2 aria-hidden="true" className="size-4" />
            )}
            {values.isImport ? 'Import Article' : scheduled ? 'Schedule Article' : base?.status === 'published' ? 'Update' : 'Publish Article'}
          </button>
        </div>
      </fieldset>
      {base?.status === 'published' ? (
        <Suspense fallback={null}>
          <NewsletterPanel postId={base.id} title={baseline.title} online={online} />
        </Suspense>
      ) : null}
      {/* Under the buttons, where the editor pressed Save. */}
      {waiting ? (
        <div role="status" className="alert alert-info flex flex-wrap items-center justify-between gap-3">
          <span className="flex items-center gap-2">
            <CloudOff aria-hidden="true" className="size-5 shrink-0" />
            <span>
              {online ? 'The connection dropped' : "You're offline"}: {waitingWhat(waiting.status, scheduled, base?.status === 'published')} will be saved when you're back
              online.
            </span>
          </span>
          <button type="button" className="btn btn-sm" onClick={() => setWaiting(null)}>
            Keep editing
          </button>
        </div>
      ) : null}
    </DeskFormCard>
  );
}

/** What a waiting save will do, for its note: "the draft", "the scheduled post", "the update", "the post". */
function waitingWhat(status: 'draft' | 'published', scheduled: boolean, published: boolean): string {
  if (status === 'draft') return 'the draft';
  if (scheduled) return 'the scheduled post';
  return published ? 'the update' : 'the post';
}
