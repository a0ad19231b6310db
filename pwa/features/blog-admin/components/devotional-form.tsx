import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Save } from 'lucide-react';
import type { Devotional } from '#contract/content';
import { devotionalInputSchema, type DevotionalInput } from '#contract/devotional-desk';
import { TextAreaField, TextField } from '#pwa/components/ui/text-field';
import { useToast } from '#pwa/components/ui/toast';
import { serverMessageOf } from '#pwa/lib/api-client';
import { formatLocalDay } from '#pwa/lib/format';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { useSaveDevotional } from '../api/devotionals-desk';
import { firstMessages } from './form-fields';
import { DeskFormCard } from './desk-form-card';

type Field = keyof DevotionalInput;
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

const valuesOf = (devotional: Devotional | undefined): Values => ({
  devotionalTitle: devotional?.devotionalTitle ?? '',
  verseReference: devotional?.verseReference ?? '',
  verseText: devotional?.verseText ?? '',
  devotionalContent: devotional?.devotionalContent ?? '',
});

/** Checks the form with the contract's schema (the API's own words); the body to send, or the first message per field. */
export function validateDevotionalForm(values: Values): { body: DevotionalInput } | { errors: FieldErrors } {
  const parsed = devotionalInputSchema.safeParse(values);
  if (parsed.success) return { body: parsed.data };
  return { errors: firstMessages<Field>(parsed.error) };
}

/**
 * One day's devotional on the desk: written anew, or (`existing`) filled in with the one that day
 * has, to edit. "Save" puts it whole for that date; the form then closes (`onDone`).
 */
export function DevotionalForm({ userId, date, existing, onDone }: { userId: number; date: string; existing: Devotional | undefined; onDone: () => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(existing));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const save = useSaveDevotional(userId);
  const online = useOnlineStatus();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);

  // Opened from a row far down the list (or above it, on a phone): bring the form into view.
  useEffect(() => {
    formRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  // After a refused submit, take the keyboard to the first field to fix.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || !online) return;
    const result = validateDevotionalForm(values);
    if ('errors' in result) {
      setErrors(result.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    save.mutate(
      { date, body: result.body },
      {
        onSuccess: () => {
          toast({ title: 'Devotional saved' });
          onDone();
        },
        onError: (error) => {
          const message = serverMessageOf(error);
          toast({ title: 'Failed to save devotional', ...(message ? { description: message } : {}), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <DeskFormCard
      heading={existing ? 'Edit devotional' : 'Write devotional'}
      subheading={
        <p className="text-sm text-base-content/75">
          For <time dateTime={date}>{formatLocalDay(date)}</time>
        </p>
      }
      onCancel={onDone}
      formRef={formRef}
      onSubmit={onSubmit}
    >
      <TextField
        label="Title"
        value={values.devotionalTitle}
        onChange={(e) => set('devotionalTitle', e.target.value)}
        error={errors.devotionalTitle}
        aria-required="true"
        autoComplete="off"
      />
      <TextField
        label="Verse reference"
        value={values.verseReference}
        onChange={(e) => set('verseReference', e.target.value)}
        error={errors.verseReference}
        placeholder="John 3:16"
        aria-required="true"
        autoComplete="off"
      />
      <TextAreaField label="Verse text" rows={3} value={values.verseText} onChange={(e) => set('verseText', e.target.value)} error={errors.verseText} aria-required="true" />
      <TextAreaField
        label="Reflection"
        rows={10}
        value={values.devotionalContent}
        onChange={(e) => set('devotionalContent', e.target.value)}
        error={errors.devotionalContent}
        aria-required="true"
      />

      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={save.isPending || !online}>
          {save.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <Save aria-hidden="true" className="size-4" />}
          Save devotional
        </button>
      </div>
    </DeskFormCard>
  );
}
