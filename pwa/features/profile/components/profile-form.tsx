import { useState, type FormEvent } from 'react';
import { isSocialLink, SOCIAL_LINK_MESSAGE, updateProfileInputSchema, type User } from '#contract/users';
import { TextAreaField, TextField } from '#pwa/components/ui/text-field';
import { ApiError } from '#pwa/lib/api-client';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { useUpdateProfile, type ProfileValues } from '../api/update-profile';
import { readSocialLinks } from '../social-links';

type Field = keyof ProfileValues;
type FieldErrors = Partial<Record<Field, string>>;

export const BIO_MAX = 1000;
const LINK_MAX = 200;

/** The form's values from the stored profile: what Cancel goes back to. */
export function profileValuesOf(profile: User): ProfileValues {
  return { bio: profile.bio ?? '', website: profile.website ?? '', ...readSocialLinks(profile.socialLinks) };
}

/** The API's own rules for bio, website and links (contract/users.ts), so a mistake is explained before sending. */
export function profileFieldErrors(values: ProfileValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['bio', 'website'] as const) {
    const result = updateProfileInputSchema.shape[field].safeParse(values[field]);
    if (!result.success) errors[field] = result.error.issues[0]?.message;
  }
  for (const field of ['x', 'instagram'] as const) {
    if (!isSocialLink(values[field].trim())) errors[field] = SOCIAL_LINK_MESSAGE;
  }
  return errors;
}

/** A 400's zod issues as messages under their fields (socialLinks under X); anything else as one message. */
function serverErrors(error: unknown): { fields: FieldErrors; form?: string } {
  if (!(error instanceof ApiError) || error.status !== 400) return { fields: {} };
  const issues = (error.body as { issues?: { path?: unknown[]; message?: string }[] } | undefined)?.issues ?? [];
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.[0];
    const field: Field | undefined = key === 'bio' || key === 'website' ? key : key === 'socialLinks' ? 'x' : undefined;
    if (field && issue.message && !fields[field]) fields[field] = issue.message;
  }
  return Object.keys(fields).length ? { fields } : { fields, ...(error.serverMessage ? { form: error.serverMessage } : {}) };
}

/** Edit mode. Mounted afresh each time, so it always starts from the stored profile. */
export function ProfileForm({ profile, onDone }: { profile: User; onDone: () => void }) {
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateProfile(profile.id);
  const online = useOnlineStatus();
  const server = serverErrors(update.error);
  const shown: FieldErrors = { ...server.fields, ...errors };

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: shown[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: event.target.value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
      if (update.isError) update.reset();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = profileFieldErrors(values);
    setErrors(found);
    const first = (Object.keys(found) as Field[])[0];
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (!online) return;
    update.mutate(values, { onSuccess: onDone });
  };

  return (
    <form className="flex flex-col gap-5" noValidate onSubmit={submit} aria-label="Edit profile">
      <TextAreaField
        label="Bio"
        textareaClassName="min-h-32"
        placeholder="Tell others a little about yourself"
        maxLength={BIO_MAX}
        hint={<span className="block text-right">{values.bio.length}/{BIO_MAX}</span>}
        {...bind('bio')}
      />
      <TextField label="Website" type="url" inputMode="url" autoComplete="url" placeholder="https://example.com" maxLength={300} {...bind('website')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="X (Twitter)" autoCapitalize="none" spellCheck={false} placeholder="@handle or link" maxLength={LINK_MAX} {...bind('x')} />
        <TextField label="Instagram" autoCapitalize="none" spellCheck={false} placeholder="@handle or link" maxLength={LINK_MAX} {...bind('instagram')} />
      </div>
      {server.form ? (
        <p role="alert" className="text-sm text-error">
          {server.form}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={update.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={update.isPending || !online}>
          {update.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}
