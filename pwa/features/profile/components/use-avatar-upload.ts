import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type Uppy from '@uppy/core';
import type { Body, Meta } from '@uppy/core';
import { ApiError, NetworkError } from '#pwa/lib/api-client';
import { createImageUppy, getUploadTicket, parseStoredObject } from '#pwa/lib/image-upload';
import { useToast } from '#pwa/components/ui/toast';
import { updateAvatar } from '../api/avatar';
import { useApplyUserUpdate } from '../api/profile';

/**
 * The upload states of docs/product.md#avatar-upload, plus `idle` (nothing chosen) and `paused`. `preprocessing` is getting
 * the one-time upload address; `postprocessing` is pointing the avatar at the stored image.
 */
export type UploadStage = 'idle' | 'waiting' | 'preprocessing' | 'uploading' | 'paused' | 'postprocessing' | 'complete' | 'error';

export const UPLOAD_FAILED = 'Failed to upload avatar. Please try again.';

/** docs/product.md#input-rules: one image, at most 5 MB, never started by itself. The file goes as the raw body of a PUT. */
export const createAvatarUppy = (): Uppy<Meta, Body> => createImageUppy('avatar', 'Please sign in again to upload an avatar.');

function ticketFailure(error: unknown): string {
  if (error instanceof NetworkError) return 'You appear to be offline. Connect to the internet and try again.';
  if (error instanceof ApiError && error.status === 401) return 'Please sign in again to upload an avatar.';
  return (error instanceof ApiError && error.serverMessage) || UPLOAD_FAILED;
}

export interface AvatarUpload {
  stage: UploadStage;
  /** The chosen image (kept while paused, when Uppy no longer holds it). */
  file: File | null;
  /** 0-100. */
  progress: number;
  /** Why the last attempt failed (the server's words where it gave any). */
  error: string | null;
  /** Uppy's restriction message for a file that was refused (not an image, too big, more than one). */
  restriction: string | null;
  choose: (files: File[]) => void;
  upload: () => void;
  pause: () => void;
  resume: () => void;
  cancel: () => void;
  retry: () => void;
}

/**
 * The avatar upload (docs/product.md#avatar-upload, #input-rules): Uppy keeps the file, checks the restrictions and sends it with
 * XHR progress; this hook adds the ticket before and the avatar update after. XHR uploads cannot be
 * paused, so Pause aborts the request and Resume starts it again from the beginning (with a fresh
 * one-time address). The Uppy instance lives as long as the dialog's content; unmounting aborts.
 */
export function useAvatarUpload(userId: number): AvatarUpload {
  const [uppy, setUppy] = useState<Uppy<Meta, Body> | null>(null);
  const [stage, setStage] = useState<UploadStage>('idle');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restriction, setRestriction] = useState<string | null>(null);
  const applyUserUpdate = useApplyUserUpdate();
  const { toast } = useToast();
  // Each start, pause and cancel bumps it, so a superseded attempt's late answer changes nothing.
  const attempt = useRef(0);
  // Once the image is stored, a retry only needs to repeat the avatar update.
  const storedUrl = useRef<string | null>(null);

  useEffect(() => {
    // Created here, not during render, so StrictMode's second mount gets a live instance.
    const instance = createAvatarUppy();
    instance.on('restriction-failed', (_file, err) => setRestriction(err.message));
    setUppy(instance);
    return () => {
      attempt.current += 1;
      instance.destroy();
    };
  }, []);

  const subscribe = useCallback((onChange: () => void) => (uppy ? uppy.store.subscribe(onChange) : () => {}), [uppy]);
  const state = useSyncExternalStore(subscribe, () => uppy?.getState());
  const progress = Object.values(state?.files ?? {})[0]?.progress.percentage ?? 0;

  const fail = useCallback(
    (message: string) => {
      setError(message);
      setStage('error');
      toast({ title: 'Error', description: UPLOAD_FAILED, variant: 'destructive' });
    },
    [toast],
  );

  const saveAvatar = useCallback(
    async (mine: number, objectURL: string) => {
      setStage('postprocessing');
      try {
        const user = await updateAvatar(userId, objectURL);
        applyUserUpdate(user);
        if (mine !== attempt.current) return;
        setStage('complete');
        toast({ title: 'Avatar updated', description: 'Your avatar has been uploaded successfully.' });
      } catch (err) {
        if (mine === attempt.current) fail(ticketFailure(err));
      }
    },
    [userId, applyUserUpdate, toast, fail],
  );

  const run = useCallback(
    async (fileId: string) => {
      if (!uppy) return;
      const mine = ++attempt.current;
      const stale = () => mine !== attempt.current || !uppy.getFile(fileId);
      setError(null);
      setStage('preprocessing');
      let endpoint: string;
      try {
        endpoint = await getUploadTicket();
      } catch (err) {
        if (!stale()) fail(ticketFailure(err));
        return;
      }
      if (stale()) return;
      uppy.setFileState(fileId, { xhrUpload: { endpoint } });
      setStage('uploading');
      let result: Awaited<ReturnType<typeof uppy.upload>>;
      try {
        result = await uppy.upload();
      } catch (err) {
        if (!stale()) fail(err instanceof Error && err.message ? err.message : UPLOAD_FAILED);
        return;
      }
      if (stale()) return;
      const done = result?.successful?.find((f) => f.id === fileId);
      if (!done) {
        fail(uppy.getFile(fileId)?.error || UPLOAD_FAILED);
        return;
      }
      let objectURL: string;
      try {
        objectURL = parseStoredObject(done.response?.body).objectURL;
      } catch {
        fail(UPLOAD_FAILED);
        return;
      }
      storedUrl.current = objectURL;
      await saveAvatar(mine, objectURL);
    },
    [uppy, fail, saveAvatar],
  );

  const addToUppy = useCallback(
    (picked: File): string | null => {
      if (!uppy) return null;
      uppy.addFiles([{ name: picked.name, type: picked.type, data: picked, source: 'Local', isRemote: false }]);
      return uppy.getFiles()[0]?.id ?? null;
    },
    [uppy],
  );

  return {
    stage,
    file,
    progress: stage === 'paused' ? 0 : progress,
    error,
    restriction,
    choose: (files) => {
      if (!uppy || (stage !== 'idle' && stage !== 'waiting')) return;
      setRestriction(null);
      uppy.cancelAll();
      uppy.addFiles(files.map((f) => ({ name: f.name, type: f.type, data: f, source: 'Local', isRemote: false as const })));
      const added = uppy.getFiles()[0];
      setFile(added ? (added.data as File) : null);
      setStage(added ? 'waiting' : 'idle');
    },
    upload: () => {
      const id = uppy?.getFiles()[0]?.id;
      if (id) void run(id);
    },
    pause: () => {
      if (!uppy || stage !== 'uploading') return;
      attempt.current += 1;
      // Removing the file aborts its request; the File itself is kept for Resume.
      uppy.cancelAll();
      setStage('paused');
    },
    resume: () => {
      if (!file || stage !== 'paused') return;
      const id = addToUppy(file);
      if (id) void run(id);
    },
    cancel: () => {
      attempt.current += 1;
      storedUrl.current = null;
      uppy?.cancelAll();
      setFile(null);
      setError(null);
      setRestriction(null);
      setStage('idle');
    },
    retry: () => {
      if (stage !== 'error') return;
      if (storedUrl.current) {
        void saveAvatar(++attempt.current, storedUrl.current);
        return;
      }
      const id = uppy?.getFiles()[0]?.id ?? (file ? addToUppy(file) : null);
      if (id) void run(id);
    },
  };
}
