import { useState } from 'react';
import { CalendarDays, PenLine, Trash2 } from 'lucide-react';
import type { Devotional } from '#contract/content';
import { ConfirmDialog } from '#pwa/components/ui/confirm-dialog';
import { LoadError } from '#pwa/components/ui/load-error';
import { NeedsConnection, OfflineDataNote, OfflineNote } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { useToast } from '#pwa/components/ui/toast';
import { serverMessageOf } from '#pwa/lib/api-client';
import { formatLocalDay, todayIn } from '#pwa/lib/format';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { useDatedDevotionals, useDeleteDevotional } from '../api/devotionals-desk';
import { DevotionalForm } from './devotional-form';

/** How many days the desk lists, today first. */
export const DESK_DEVOTIONAL_DAYS = 30;
export const DEVOTIONALS_OFFLINE = "You're offline. Connect to write, edit or delete devotionals.";
export const NOT_WRITTEN = 'Not written yet';

/** The calendar date `days` after a `YYYY-MM-DD` date (counted in UTC, so no time zone or DST shifts it). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The next DESK_DEVOTIONAL_DAYS days from `today`, both ends included. */
export const deskDays = (today: string) => Array.from({ length: DESK_DEVOTIONAL_DAYS }, (_, i) => addDays(today, i));

/**
 * A day of the desk's list: its weekday and date, and its year when not `thisYear`'s (the 30 days
 * run into January at the end of December): "Friday, January 1, 2027". Kept here, not in
 * formatLocalDay, which every reader's bundle carries.
 */
export function deskDayName(date: string, thisYear: number): string {
  const year = Number(date.slice(0, 4));
  return year === thisYear ? formatLocalDay(date) : `${formatLocalDay(date)}, ${year}`;
}

/** The day's label: "Today" and "Tomorrow" say so, before the weekday and date (and its year, when not `thisYear`'s). */
function DayName({ date, index, thisYear }: { date: string; index: number; thisYear: number }) {
  const near = index === 0 ? 'Today' : index === 1 ? 'Tomorrow' : null;
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm font-semibold">
      <time dateTime={date}>{deskDayName(date, thisYear)}</time>
      {near ? <span className="badge badge-sm badge-primary badge-soft">{near}</span> : null}
    </span>
  );
}

/**
 * The desk's Devotionals (/blog-admin/devotionals): the next 30 days, one row each, with the
 * devotional written for it ("Not written yet" when none: readers then get one from the rotation).
 * "Write" or "Edit" opens that day's form (above the list on a phone, beside it on a desktop);
 * "Delete" asks first. Writes wait for the connection.
 */
export function DevotionalsSection({ userId }: { userId: number }) {
  // "Today" here is the editor's own date. The server's "today" (for an app that sends no date)
  // is SITE_TIME_ZONE's, and readers' apps ask for their own date, so near midnight the first
  // row may be a day off from what some readers see; writing by date keeps every day right.
  const today = todayIn('reader');
  const thisYear = Number(today.slice(0, 4));
  const days = deskDays(today);
  const from = days[0]!;
  const to = days[days.length - 1]!;

  const dated = useDatedDevotionals(userId, from, to);
  const state = useQueryConnectionState(dated);
  const online = useOnlineStatus();
  const remove = useDeleteDevotional(userId);
  const { toast } = useToast();
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const byDate = new Map<string, Devotional>();
  for (const devotional of dated.data ?? []) if (devotional.date) byDate.set(devotional.date, devotional);

  const onDelete = (date: string) =>
    remove.mutate(date, {
      onSuccess: () => {
        toast({ title: 'Devotional deleted' });
        setOpen((current) => (current === date ? null : current));
      },
      onError: (error) => {
        const message = serverMessageOf(error);
        toast({ title: 'Failed to delete devotional', ...(message ? { description: message } : {}), variant: 'destructive' });
      },
    });

  const list = dated.data;
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      {/* On a phone, nothing above the list until a day is opened (an empty cell would still take a gap). */}
      <div className={`lg:sticky lg:top-4 lg:order-last ${open === null ? 'hidden lg:block' : ''}`}>
        {open !== null ? (
          <DevotionalForm key={open} userId={userId} date={open} existing={byDate.get(open)} onDone={() => setOpen(null)} />
        ) : (
          <p className="hidden rounded-box border border-dashed border-base-300 px-6 py-10 text-center text-base-content/75 lg:block">
            Choose a day to write or edit its devotional.
          </p>
        )}
      </div>

      <section aria-labelledby="devotionals-heading" className="flex flex-col gap-4">
        <div>
          <h2 id="devotionals-heading" className="font-display text-2xl font-bold">
            Devotionals
          </h2>
          <p className="text-sm text-base-content/75">The next {DESK_DEVOTIONAL_DAYS} days. A day with none written gets one from the rotation.</p>
        </div>
        {online ? null : <OfflineNote>{DEVOTIONALS_OFFLINE}</OfflineNote>}
        <OfflineDataNote query={dated} className="-mt-2" />
        {state === 'loading' ? (
          <div role="status" aria-label="Loading devotionals…" className="flex flex-col gap-3">
            {Array.from({ length: 5 }, (_, i) => (
              <div key={i} className="skeleton h-16 w-full" />
            ))}
          </div>
        ) : state === 'offline-empty' ? (
          <NeedsConnection what="The devotionals" onRetry={() => void dated.refetch()} retrying={dated.isFetching} />
        ) : list === undefined ? (
          <LoadError message="Failed to fetch devotionals" onRetry={() => void dated.refetch()} retrying={dated.isFetching} />
        ) : (
          <ul aria-label="Days" className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
            {days.map((date, index) => {
              const devotional = byDate.get(date);
              const day = deskDayName(date, thisYear);
              const busy = remove.isPending && remove.variables === date;
              return (
                <li
                  key={date}
                  aria-label={day}
                  aria-current={open === date ? 'true' : undefined}
                  className={`flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between ${open === date ? 'bg-base-200' : ''}`}
                >
                  <div className="min-w-0 flex-1">
                    <DayName date={date} index={index} thisYear={thisYear} />
                    {devotional ? (
                      <p className="mt-1 font-medium break-words">{devotional.devotionalTitle}</p>
                    ) : (
                      <p className="mt-1 flex items-center gap-1.5 text-base-content/70 italic">
                        <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
                        {NOT_WRITTEN}
                      </p>
                    )}
                  </div>
                  <div className="flex flex-wrap justify-end gap-2">
                    <button
                      type="button"
                      className={`btn btn-sm ${devotional ? 'btn-outline' : 'btn-primary'}`}
                      aria-label={`${devotional ? 'Edit' : 'Write'} the devotional for ${day}`}
                      disabled={busy || !online}
                      onClick={() => setOpen(date)}
                    >
                      <PenLine aria-hidden="true" className="size-4" />
                      {devotional ? 'Edit' : 'Write'}
                    </button>
                    {devotional ? (
                      <button
                        type="button"
                        className="btn btn-outline btn-error btn-sm"
                        aria-label={`Delete the devotional for ${day}`}
                        disabled={busy || !online}
                        onClick={() => setDeleting(date)}
                      >
                        {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <Trash2 aria-hidden="true" className="size-4" />}
                        Delete
                      </button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete devotional"
        message={
          deleting
            ? `Delete the devotional for ${deskDayName(deleting, thisYear)}, “${byDate.get(deleting)?.devotionalTitle ?? ''}”? Readers will get one from the rotation that day, and its hearts go with it.`
            : ''
        }
        confirmLabel="Delete"
        onConfirm={() => {
          const date = deleting;
          setDeleting(null);
          if (date) onDelete(date);
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
