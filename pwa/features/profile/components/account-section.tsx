import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Download, KeyRound, Mail, Trash2 } from 'lucide-react';
import { changeEmailInputSchema, changePasswordInputSchema, deleteAccountInputSchema } from '#contract/account';
import type { User } from '#contract/users';
import { Dialog } from '#pwa/components/ui/dialog';
import { OfflineNote } from '#pwa/components/ui/offline';
import { TextField } from '#pwa/components/ui/text-field';
import { useToast } from '#pwa/components/ui/toast';
import { NetworkError, serverMessageOf } from '#pwa/lib/api-client';
import { fieldErrorsOf, serverFieldErrors, type FieldErrors } from '#pwa/lib/form-errors';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { emailSentText, useAccountExport, useChangeEmail, useChangePassword, useDeleteAccount } from '../api/account';

export const ACCOUNT_OFFLINE = "You're offline. Connect to change your password or email, download your data or delete your account.";
/** What a call that got no answer says (the sign-in's words for the same). */
export const NO_CONNECTION = "You're offline. Connect to the internet and try again.";
export const PASSWORD_HINT = 'At least 8 characters. Use uppercase and lowercase letters, a number and a special character.';
export const NOTES_STAY = 'Your notes are not in this file: they stay on this device.';

/** What the page layer hands in so deleting can offer the notes' export (features never import each other). */
export type ExportNotes = () => Promise<'downloaded' | 'shared' | 'cancelled' | 'failed' | 'empty'>;

/**
 * The signed-in reader's account (docs/product.md#the-readers-account): password, email, a copy of
 * their data, deletion. Every action needs the server and its answer now, so offline the buttons
 * wait with one line saying so, and nothing is queued.
 */
export function AccountSection({ user, exportNotes }: { user: User; exportNotes?: ExportNotes | undefined }) {
  const online = useOnlineStatus();
  const offlineId = useId();
  return (
    <section aria-labelledby="account-heading" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-6 p-5 sm:p-8">
        <div className="flex flex-col gap-2">
          <h2 id="account-heading" className="font-display text-2xl font-bold">
            Account
          </h2>
          {online ? null : (
            <div id={offlineId}>
              <OfflineNote>{ACCOUNT_OFFLINE}</OfflineNote>
            </div>
          )}
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <Part icon={<KeyRound aria-hidden="true" className="size-5" />} title="Change password">
            <ChangePasswordForm user={user} online={online} offlineId={offlineId} />
          </Part>
          <Part icon={<Mail aria-hidden="true" className="size-5" />} title="Change email">
            <ChangeEmailForm user={user} online={online} offlineId={offlineId} />
          </Part>
          <Part icon={<Download aria-hidden="true" className="size-5" />} title="Download my data">
            <DownloadData userId={user.id} online={online} offlineId={offlineId} />
          </Part>
          <Part icon={<Trash2 aria-hidden="true" className="size-5" />} title="Delete account" danger>
            <DeleteAccount userId={user.id} online={online} offlineId={offlineId} exportNotes={exportNotes} />
          </Part>
        </div>
      </div>
    </section>
  );
}

function Part({ icon, title, danger = false, children }: { icon: ReactNode; title: string; danger?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`flex flex-col gap-4 rounded-box border p-4 sm:p-5 ${danger ? 'border-error/40' : 'border-base-300'}`}>
      <h3 id={id} className={`flex items-center gap-2 text-lg font-semibold ${danger ? 'text-error' : ''}`}>
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

interface ActionProps {
  online: boolean;
  /** The offline line's id, for the buttons it explains. */
  offlineId: string;
}

function SubmitButton({ pending, online, offlineId, label, pendingLabel, className = 'btn-primary' }: ActionProps & { pending: boolean; label: string; pendingLabel: string; className?: string }) {
  return (
    <button type="submit" className={`btn ${className} self-start`} disabled={pending || !online} aria-describedby={online ? undefined : offlineId}>
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {pending ? pendingLabel : label}
    </button>
  );
}

/** The form's own message: the server's words that fit no field, or the offline words for no answer. */
function FormMessage({ error, form }: { error: unknown; form: string | undefined }) {
  const text = error instanceof NetworkError ? NO_CONNECTION : form;
  return text ? (
    <p role="alert" className="text-sm text-error">
      {text}
    </p>
  ) : null;
}

/**
 * A form's fields: their values, what the contract's schema says of them once submitted, and the
 * server's refusal placed at its field (`fallback` for a 400 that names none, e.g. a wrong password).
 */
function useFields<V extends Record<string, string>>(initial: V, schema: Parameters<typeof fieldErrorsOf>[0], error: unknown, fallback: keyof V & string, onEdit: () => void) {
  type F = keyof V & string;
  const [values, setValues] = useState<V>(initial);
  const [checked, setChecked] = useState(false);
  const fields = Object.keys(initial) as F[];
  const own: FieldErrors<F> = checked ? fieldErrorsOf(schema, values) : {};
  const server = serverFieldErrors(error, fields, fallback);
  const shown: FieldErrors<F> = { ...server.fields, ...own };
  const bind = (field: F) => ({
    name: field,
    value: values[field],
    error: shown[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: event.target.value }));
      onEdit();
    },
  });
  /** Checks the values; on a mistake focuses its field and returns false. */
  const check = (form: HTMLFormElement): boolean => {
    setChecked(true);
    const first = fields.find((f) => fieldErrorsOf(schema, values)[f]);
    if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    return !first;
  };
  const clear = () => {
    setValues(initial);
    setChecked(false);
  };
  /** After a refusal, the field it is about gets the focus (its message is read with it). */
  const focusRefused = (form: HTMLFormElement | null, refusal: unknown) => {
    const placed = serverFieldErrors(refusal, fields, fallback).fields;
    const field = fields.find((f) => placed[f]);
    if (form && field) form.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
  };
  return { values, bind, check, clear, focusRefused, form: server.form };
}

function ChangePasswordForm({ user, online, offlineId }: ActionProps & { user: User }) {
  const change = useChangePassword(user.id);
  const formRef = useRef<HTMLFormElement>(null);
  const { values, bind, check, clear, focusRefused, form } = useFields({ currentPassword: '', newPassword: '' }, changePasswordInputSchema, change.error, 'currentPassword', () => {
    if (change.isError) change.reset();
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check(event.currentTarget) || !online) return;
    change.mutate(values, {
      onSuccess: clear,
      onError: (error) => focusRefused(formRef.current, error),
    });
  };

  return (
    <form ref={formRef} className="flex flex-col gap-4" noValidate onSubmit={submit} aria-label="Change password">
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
      <TextField label="Current password" type="password" autoComplete="current-password" {...bind('currentPassword')} />
      <TextField label="New password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...bind('newPassword')} />
      <FormMessage error={change.error} form={form} />
      <SubmitButton pending={change.isPending} online={online} offlineId={offlineId} label="Change password" pendingLabel="Changing…" />
    </form>
  );
}

function ChangeEmailForm({ user, online, offlineId }: ActionProps & { user: User }) {
  const change = useChangeEmail(user.id);
  const formRef = useRef<HTMLFormElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { values, bind, check, clear, focusRefused, form } = useFields({ email: '', password: '' }, changeEmailInputSchema, change.error, 'password', () => {
    if (change.isError) change.reset();
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check(event.currentTarget) || !online) return;
    const email = values.email.trim();
    setSentTo(null);
    change.mutate(
      { email, password: values.password },
      {
        onSuccess: () => {
          clear();
          setSentTo(email);
        },
        onError: (error) => focusRefused(formRef.current, error),
      },
    );
  };

  return (
    <form ref={formRef} className="flex flex-col gap-4" noValidate onSubmit={submit} aria-label="Change email">
      <TextField label="New email" type="email" autoComplete="email" inputMode="email" {...bind('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...bind('password')} />
      <FormMessage error={change.error} form={form} />
      {sentTo ? (
        <p role="status" className="text-sm text-success">
          {emailSentText(sentTo)}
        </p>
      ) : null}
      <SubmitButton pending={change.isPending} online={online} offlineId={offlineId} label="Change email" pendingLabel="Sending link…" />
    </form>
  );
}

function DownloadData({ userId, online, offlineId }: ActionProps & { userId: number }) {
  const download = useAccountExport(userId);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-base-content/75">Everything the site holds about you (your profile, bookmarks, folders, progress, comments, hearts, reports and newsletter subscription) as one JSON file.</p>
      <p className="text-sm text-base-content/75">
        {NOTES_STAY}{' '}
        <Link to="/notes" className="link link-primary">
          Export your notes from My Notes
        </Link>
        .
      </p>
      <FormMessage error={download.error} form={download.error ? (serverMessageOf(download.error) ?? download.error.message) : undefined} />
      <button type="button" className="btn btn-outline self-start" disabled={download.isPending || !online} aria-describedby={online ? undefined : offlineId} onClick={() => download.mutate()}>
        {download.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Download aria-hidden="true" className="size-4" />}
        {download.isPending ? 'Preparing…' : 'Download my data'}
      </button>
    </div>
  );
}

function DeleteAccount({ userId, online, offlineId, exportNotes }: ActionProps & { userId: number; exportNotes?: ExportNotes | undefined }) {
  const [open, setOpen] = useState(false);
  // The form starts empty each time the dialog opens.
  const [opening, setOpening] = useState(0);
  const titleId = useId();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-base-content/75">Deletes your account and everything it holds on the server. This cannot be undone.</p>
      <button
        type="button"
        className="btn btn-error btn-outline self-start"
        disabled={!online}
        aria-describedby={online ? undefined : offlineId}
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden="true" className="size-4" /> Delete account
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy={titleId} boxClassName="sm:max-w-md">
        <h2 id={titleId} className="pr-10 text-xl font-bold">
          Delete your account?
        </h2>
        {open ? <DeleteAccountForm key={opening} userId={userId} online={online} offlineId={offlineId} exportNotes={exportNotes} onCancel={() => setOpen(false)} /> : null}
      </Dialog>
    </div>
  );
}

function DeleteAccountForm({ userId, online, offlineId, exportNotes, onCancel }: ActionProps & { userId: number; exportNotes?: ExportNotes | undefined; onCancel: () => void }) {
  const remove = useDeleteAccount(userId);
  const navigate = useNavigate();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [exporting, setExporting] = useState(false);
  const { values, bind, check, focusRefused, form } = useFields({ password: '' }, deleteAccountInputSchema, remove.error, 'password', () => {
    if (remove.isError) remove.reset();
  });

  const runExport = async () => {
    if (!exportNotes) return;
    setExporting(true);
    try {
      const outcome = await exportNotes();
      if (outcome === 'empty') toast({ title: 'No notes to export', description: 'There are no notes on this device.' });
      if (outcome === 'failed') toast({ title: 'Export failed', description: 'Your notes could not be saved as a file on this device.', variant: 'destructive' });
    } catch {
      toast({ title: 'Export failed', description: 'Your notes could not be saved as a file on this device.', variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check(event.currentTarget) || !online) return;
    remove.mutate(values, { onSuccess: () => void navigate('/', { replace: true }), onError: (error) => focusRefused(formRef.current, error) });
  };

  return (
    <form ref={formRef} className="mt-3 flex flex-col gap-4" noValidate onSubmit={submit} aria-label="Delete account">
      <p>Your profile, bookmarks, folders, progress, comments and hearts are deleted from the server, and you are signed out. This cannot be undone.</p>
      <div className="flex flex-col gap-2 rounded-box bg-base-200 p-3 text-sm">
        <p>Your notes are kept on this device only, and stay on it. Export them first to keep a copy elsewhere.</p>
        {exportNotes ? (
          <button type="button" className="btn btn-sm btn-outline self-start" onClick={() => void runExport()} disabled={exporting}>
            {exporting ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <Download aria-hidden="true" className="size-4" />}
            Export my notes
          </button>
        ) : null}
      </div>
      <TextField label="Password" type="password" autoComplete="current-password" hint="Enter your password to confirm." {...bind('password')} />
      <FormMessage error={remove.error} form={form} />
      {online ? null : <OfflineNote>{ACCOUNT_OFFLINE}</OfflineNote>}
      <div className="modal-action mt-0 flex-wrap">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={remove.isPending}>
          Cancel
        </button>
        <SubmitButton pending={remove.isPending} online={online} offlineId={offlineId} label="Delete account" pendingLabel="Deleting…" className="btn-error" />
      </div>
    </form>
  );
}
