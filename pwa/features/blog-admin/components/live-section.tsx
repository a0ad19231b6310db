import { useState, type FormEvent } from 'react';
import { CalendarPlus, Radio, Square } from 'lucide-react';
import { liveStreamInputSchema } from '#contract/live-desk';
import { LoadError } from '#pwa/components/ui/load-error';
import { NeedsConnection } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { TextAreaField, TextField } from '#pwa/components/ui/text-field';
import { useToast } from '#pwa/components/ui/toast';
import { serverMessageOf } from '#pwa/lib/api-client';
import { formatDateTime } from '#pwa/lib/format';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { updateOf, useDeskStreams, useSaveStream } from '../api/live-desk';
import { instantOf } from './form-fields';
import { DeskFormCard } from './desk-form-card';

const EMPTY = { title: '', description: '', url: '', when: '' };
type Field = keyof typeof EMPTY;

/**
 * The desk's Live: "Schedule a stream" (title, description, YouTube link, date and time), and the
 * live and upcoming streams with "Go live" and "End stream". One stream is live at a time: the
 * API's 409 names the live one. /live-qa follows at once (its queries are refreshed here, and the
 * API drops its public answers).
 */
export function LiveSection() {
  const streams = useDeskStreams();
  const state = useQueryConnectionState(streams);
  const save = useSaveStream();
  const online = useOnlineStatus();
  const { toast } = useToast();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSchedule = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || !online) return;
    const parsed = liveStreamInputSchema.safeParse({
      title: values.title,
      description: values.description || null,
      url: values.url || null,
      scheduledFor: instantOf(values.when) ?? '',
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = ({ title: 'title', description: 'description', url: 'url', scheduledFor: 'when' } as const)[issue.path[0] as 'title' | 'description' | 'url' | 'scheduledFor'];
        if (field && !next[field]) next[field] = field === 'when' ? 'Please enter a date and time' : issue.message;
      }
      setErrors(next);
      return;
    }
    save.mutate(
      { body: parsed.data },
      {
        onSuccess: () => {
          toast({ title: 'Stream scheduled' });
          setValues(EMPTY);
        },
        onError: (error) => toast({ title: 'Failed to schedule the stream', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
      },
    );
  };

  const setLive = (stream: NonNullable<typeof streams.data>[number], isLive: boolean) =>
    save.mutate(
      { id: stream.id, body: updateOf(stream, isLive) },
      {
        onSuccess: () => toast({ title: isLive ? `"${stream.title}" is live` : `"${stream.title}" has ended` }),
        onError: (error) => toast({ title: isLive ? 'Failed to go live' : 'Failed to end the stream', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
      },
    );

  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <DeskFormCard heading="Schedule a stream" onSubmit={onSchedule}>
        <TextField label="Title" value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} aria-required="true" />
        <TextAreaField label="Description" rows={3} value={values.description} onChange={(e) => set('description', e.target.value)} error={errors.description} />
        <TextField label="YouTube link" value={values.url} onChange={(e) => set('url', e.target.value)} error={errors.url} hint={errors.url ? undefined : 'Left empty, add it later.'} />
        <TextField label="Date and time" type="datetime-local" value={values.when} onChange={(e) => set('when', e.target.value)} error={errors.when} aria-required="true" />
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending || !online}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            Schedule a stream
          </button>
        </div>
      </DeskFormCard>

      <section aria-labelledby="live-streams-heading" className="flex flex-col gap-4">
        <h2 id="live-streams-heading" className="font-display text-2xl font-bold">
          Streams
        </h2>
        {state === 'loading' ? (
          <div role="status" aria-label="Loading streams…" className="skeleton h-32 w-full" />
        ) : state === 'offline-empty' ? (
          <NeedsConnection what="The streams" onRetry={() => void streams.refetch()} retrying={streams.isFetching} />
        ) : streams.data === undefined ? (
          <LoadError message="Failed to fetch live streams" onRetry={() => void streams.refetch()} retrying={streams.isFetching} />
        ) : streams.data.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 px-6 py-10 text-center text-base-content/80">No stream is scheduled.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
            {streams.data.map((stream) => (
              <li key={stream.id} aria-label={stream.title} className="flex flex-col gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{stream.title}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-base-content/75">
                    {stream.isLive ? <span className="badge badge-error badge-sm font-semibold">Live</span> : <span className="badge badge-outline badge-sm">Scheduled</span>}
                    {stream.scheduledFor ? <span>{formatDateTime(stream.scheduledFor)}</span> : null}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {stream.isLive ? (
                    <button type="button" className="btn btn-outline btn-sm" disabled={save.isPending || !online} onClick={() => setLive(stream, false)}>
                      <Square aria-hidden="true" className="size-4" />
                      End stream
                    </button>
                  ) : (
                    <button type="button" className="btn btn-outline btn-error btn-sm" disabled={save.isPending || !online} onClick={() => setLive(stream, true)}>
                      <Radio aria-hidden="true" className="size-4" />
                      Go live
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
