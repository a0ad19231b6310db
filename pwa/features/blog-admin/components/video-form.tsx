import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CirclePlus, PenLine, Save } from 'lucide-react';
import { categories, type Category } from '#contract/common';
import type { Video } from '#contract/content';
import { videoInputSchema, type VideoInput } from '#contract/video-desk';
import { parseYoutubeLink, YOUTUBE_LINK_RULE } from '#contract/youtube-link';
import { TextAreaField, TextField } from '#pwa/components/ui/text-field';
import { useToast } from '#pwa/components/ui/toast';
import { serverMessageOf } from '#pwa/lib/api-client';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { alreadyOnSite, issuesByField, useSaveVideo } from '../api/videos-desk';
import { CategoryField } from './category-field';
import { firstMessages, instantOf, localOf } from './form-fields';
import { DeskFormCard } from './desk-form-card';

export interface VideoFormValues {
  url: string;
  title: string;
  description: string;
  category: Category;
  duration: string;
  /** When it was published (datetime-local, the editor's time); empty: now, or, on an edit, kept. */
  publishedAt: string;
}

type Field = keyof VideoFormValues;
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY: VideoFormValues = { url: '', title: '', description: '', category: categories[0], duration: '', publishedAt: '' };

/** The link an edit starts from: a short's as a /shorts/ link, so saving it keeps it a short. */
export const linkOf = (video: Pick<Video, 'youtubeId' | 'isShort'>): string =>
  video.isShort ? `https://www.youtube.com/shorts/${video.youtubeId}` : `https://www.youtube.com/watch?v=${video.youtubeId}`;

/** The form filled with a video to edit. */
export const valuesOf = (video: Video): VideoFormValues => ({
  url: linkOf(video),
  title: video.title,
  description: video.description ?? '',
  category: video.category,
  duration: video.duration,
  publishedAt: localOf(video.publishedAt),
});

/**
 * Checks the form with the contract's videoInputSchema and the YouTube link rule (the API's own
 * words); a body to send, or the field messages. `keptDate` is the date an edit started from: left
 * as it was, none is sent and the video keeps its own to the second.
 */
export function validateVideoForm(values: VideoFormValues, keptDate?: string): { body: VideoInput } | { errors: FieldErrors } {
  const publishedAt = values.publishedAt && values.publishedAt !== keptDate ? instantOf(values.publishedAt) : null;
  const input: VideoInput = {
    url: values.url,
    title: values.title,
    description: values.description.trim() ? values.description : null,
    category: values.category,
    duration: values.duration,
    ...(publishedAt ? { publishedAt } : {}),
  };
  const parsed = videoInputSchema.safeParse(input);
  const errors: FieldErrors = firstMessages<Field>(parsed.error);
  if (!errors.url && !parseYoutubeLink(values.url)) errors.url = YOUTUBE_LINK_RULE;
  if (values.publishedAt && values.publishedAt !== keptDate && !publishedAt) errors.publishedAt = 'Please enter a date and time';
  return parsed.success && Object.keys(errors).length === 0 ? { body: parsed.data } : { errors };
}

export interface VideoFormProps {
  /** The video being edited, or null for "Add video". */
  editing: Video | null;
  onDoneEditing: () => void;
  /** Opens another video in the form: the one that already has the link given. */
  onEdit: (video: Video) => void;
}

/**
 * "Add video", or (`editing`) "Edit video": the YouTube link in any of its forms, the title,
 * description, category, duration and publication date. Checked before sending; a link already
 * on the site names the video that has it, with a way to open or edit that one.
 */
export function VideoForm({ editing, onDoneEditing, onEdit }: VideoFormProps) {
  const [values, setValues] = useState<VideoFormValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [taken, setTaken] = useState<{ message: string; video: Video } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveVideo();
  const online = useOnlineStatus();
  const { toast } = useToast();
  const id = useId();

  // Filled each time a video is opened; emptied when editing stops.
  const editingId = editing?.id ?? null;
  useEffect(() => {
    setValues(editing ? valuesOf(editing) : EMPTY);
    setErrors({});
    setTaken(null);
    if (editing) formRef.current?.scrollIntoView?.({ block: 'start' });
    // Once per video opened, not on every refetch of the list that holds it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editingId]);

  // After a refused submit, take the keyboard to the first field to fix.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  // A link already on the site: the note is at the top of the form, off screen on a phone whose
  // editor just pressed "Add video" at its foot. Bring it into view.
  const takenRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (taken) takenRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [taken]);

  const set = <K extends Field>(field: K, value: VideoFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    if (field === 'url') setTaken(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || !online) return;
    const result = validateVideoForm(values, editing ? localOf(editing.publishedAt) : undefined);
    if ('errors' in result) {
      setErrors(result.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setTaken(null);
    save.mutate(
      { ...(editing ? { id: editing.id } : {}), body: result.body },
      {
        onSuccess: () => {
          toast({ title: editing ? 'Video updated' : 'Video added' });
          if (editing) onDoneEditing();
          else setValues(EMPTY);
        },
        onError: (error) => {
          const other = alreadyOnSite(error);
          if (other) {
            setTaken(other);
            return;
          }
          const fields = issuesByField(error);
          if (Object.keys(fields).length > 0) {
            setErrors(fields as FieldErrors);
            setAttempt((n) => n + 1);
          }
          const message = serverMessageOf(error);
          toast({ title: editing ? 'Failed to update video' : 'Failed to add video', ...(message ? { description: message } : {}), variant: 'destructive' });
        },
      },
    );
  };

  const link = parseYoutubeLink(values.url);

  return (
    <DeskFormCard heading={editing ? 'Edit video' : 'Add video'} onCancel={editing ? onDoneEditing : undefined} formRef={formRef} onSubmit={onSubmit}>
      {taken ? (
        <div ref={takenRef} role="alert" aria-labelledby={`${id}-taken`} className="alert alert-warning flex flex-col items-start gap-3">
          <p id={`${id}-taken`} className="font-semibold break-words">
            {taken.message}
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to={`/watch/${taken.video.id}`} className="btn btn-sm">
              Open “{taken.video.title}”
            </Link>
            {taken.video.id === editing?.id ? null : (
              <button type="button" className="btn btn-sm btn-primary" onClick={() => onEdit(taken.video)}>
                <PenLine aria-hidden="true" className="size-4" />
                Edit “{taken.video.title}”
              </button>
            )}
          </div>
        </div>
      ) : null}

      <TextField
        label="YouTube link"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://youtu.be/…"
        value={values.url}
        onChange={(e) => set('url', e.target.value)}
        error={errors.url}
        aria-required="true"
        hint={
          errors.url
            ? undefined
            : link
              ? link.isShort
                ? `A short (${link.youtubeId}).`
                : `A video (${link.youtubeId}). A /shorts/ link makes it a short.`
              : 'A watch?v=, youtu.be/, /shorts/, /live/ or /embed/ link, or the 11-character video id.'
        }
      />

      <TextField label="Title" value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} aria-required="true" autoComplete="off" />

      <TextAreaField label="Description" rows={4} value={values.description} onChange={(e) => set('description', e.target.value)} error={errors.description} />

      <div className="grid gap-5 sm:grid-cols-2">
        <CategoryField value={values.category} onChange={(category) => set('category', category)} error={errors.category} />
        <TextField
          label="Duration"
          autoComplete="off"
          placeholder="12:34"
          value={values.duration}
          onChange={(e) => set('duration', e.target.value)}
          error={errors.duration}
          aria-required="true"
          hint={errors.duration ? undefined : 'As YouTube shows it: 12:34, or 1:02:03.'}
        />
      </div>

      <TextField
        label="Published"
        type="datetime-local"
        value={values.publishedAt}
        onChange={(e) => set('publishedAt', e.target.value)}
        error={errors.publishedAt}
        hint={errors.publishedAt ? undefined : editing ? 'Left as it is, the video keeps its date.' : 'Left empty, now.'}
      />

      <div className="card-actions justify-end">
        <button type="submit" className="btn btn-primary" disabled={save.isPending || !online}>
          {save.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : editing ? (
            <Save aria-hidden="true" className="size-4" />
          ) : (
            <CirclePlus aria-hidden="true" className="size-4" />
          )}
          {editing ? 'Update' : 'Add video'}
        </button>
      </div>
    </DeskFormCard>
  );
}
