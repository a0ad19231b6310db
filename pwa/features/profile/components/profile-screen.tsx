import { Suspense, useEffect, useState } from 'react';
import { lazyExport } from '#pwa/lib/lazy-part';
import { ImageUp, Pencil } from 'lucide-react';
import type { User } from '#contract/users';
import { Avatar } from '#pwa/components/ui/avatar';
import { NeedsConnection, OfflineDataNote, OfflineNote } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { useProfile } from '../api/profile';
import type { ExportNotes } from './account-section';
import type { AvatarDialogState } from './avatar-upload-dialog';
import { ProfileView } from './profile-view';
import { LoadError } from '#pwa/components/ui/load-error';

// Uppy comes with the dialog, so the profile page does not load it until someone uploads.
const AvatarUploadDialog = lazyExport(() => import('./avatar-upload-dialog'), 'default');
// The account's forms (and the device's store their deletion clears) come after the profile itself.
const AccountSection = lazyExport(() => import('./account-section'), 'AccountSection');
// The form comes when the reader edits, with the contract's checks of each field (and zod): the
// page's first download does without them (docs/decisions/005-what-loads-first.md).
const ProfileForm = lazyExport(() => import('./profile-form'), 'ProfileForm');

/** How long the dialog keeps its content while it closes (daisyUI's modal transition). */
const CLOSING_MS = 200;

export const PROFILE_EDIT_OFFLINE = "You're offline. Connect to save your changes or upload an avatar.";

/**
 * The signed-in user's profile: view mode, edit mode, and the avatar upload dialog. Offline the
 * profile saved on this device shows with its age and can be edited, but Save Changes and Upload
 * Avatar wait for the connection; a profile never fetched here needs one. Below it, the
 * [account](docs/product.md#the-readers-account); `exportNotes` is the notes' export, handed in by
 * the page (features never import each other).
 */
export function ProfileScreen({ user, exportNotes }: { user: User; exportNotes?: ExportNotes }) {
  const profile = useProfile(user.id);
  const state = useQueryConnectionState(profile);
  const online = useOnlineStatus();
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [dialog, setDialog] = useState<AvatarDialogState>('hidden');

  useEffect(() => {
    if (dialog !== 'closing') return;
    const timer = setTimeout(() => setDialog('hidden'), CLOSING_MS);
    return () => clearTimeout(timer);
  }, [dialog]);

  if (state === 'loading') {
    return (
      <p role="status" className="text-base-content/80">
        Loading profile...
      </p>
    );
  }
  if (state === 'offline-empty') return <NeedsConnection onRetry={() => void profile.refetch()} retrying={profile.isFetching} />;
  if (profile.data === undefined) {
    return <LoadError message="Failed to load your profile." onRetry={() => void profile.refetch()} retrying={profile.isFetching} />;
  }

  const stored = profile.data;
  const name = stored.name || user.name || user.username;
  const email = stored.email ?? user.email;
  return (
    <div className="flex max-w-3xl flex-col gap-3">
      <OfflineDataNote query={profile} />
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-8 p-5 sm:p-8">
          <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:text-left">
            <Avatar name={name} src={stored.avatarUrl ?? user.avatarUrl} className="size-24 text-3xl" />
            <div className="min-w-0 flex-1">
              <h2 className="font-display text-2xl font-bold break-words">{name}</h2>
              <p className="text-base-content/75">@{stored.username}</p>
              {email ? <p className="break-all text-base-content/75">{email}</p> : null}
            </div>
            {mode === 'view' ? (
              <button type="button" className="btn btn-outline" onClick={() => setMode('edit')}>
                <Pencil aria-hidden="true" className="size-4" /> Edit Profile
              </button>
            ) : (
              <button type="button" className="btn btn-outline" onClick={() => setDialog('open')} disabled={!online}>
                <ImageUp aria-hidden="true" className="size-4" /> Upload Avatar
              </button>
            )}
          </div>
          {mode === 'edit' && !online ? <OfflineNote className="-mt-4">{PROFILE_EDIT_OFFLINE}</OfflineNote> : null}
          {mode === 'view' ? (
            <ProfileView profile={stored} onAddInformation={() => setMode('edit')} />
          ) : (
            <Suspense fallback={<div className="skeleton h-64 w-full rounded-box" aria-label="Loading the form" />}>
              <ProfileForm profile={stored} onDone={() => setMode('view')} />
            </Suspense>
          )}
        </div>
        {dialog !== 'hidden' ? (
          <Suspense fallback={null}>
            <AvatarUploadDialog userId={user.id} state={dialog} onClose={() => setDialog((d) => (d === 'open' ? 'closing' : d))} />
          </Suspense>
        ) : null}
      </div>
      <Suspense fallback={<div className="skeleton h-64 w-full rounded-box" aria-label="Loading account" />}>
        <AccountSection user={{ ...user, ...(email ? { email } : {}) }} exportNotes={exportNotes} />
      </Suspense>
    </div>
  );
}
