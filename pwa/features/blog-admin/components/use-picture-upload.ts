import { useEffect, useRef, useState } from 'react';
import type Uppy from '@uppy/core';
import type { Body, Meta } from '@uppy/core';
import { ApiError, NetworkError } from '#pwa/lib/api-client';

export const PICTURE_UPLOAD_FAILED = 'The picture could not be uploaded. Please try again.';

export interface PictureUpload {
  /** Whether a picture is on its way, and how far (0-100). */
  uploading: boolean;
  progress: number;
  /** Why the last picture was refused or failed: Uppy's restriction, or the server's words. */
  error: string | null;
  /** Uploads `file`; resolves with the path the site serves it at (`/objects/{id}`), or null when it failed (`error` says why). */
  upload: (file: File) => Promise<string | null>;
}

function failureOf(error: unknown): string {
  if (error instanceof NetworkError) return "You're offline. Connect to upload pictures.";
  if (error instanceof ApiError && error.status === 401) return 'Please sign in again to upload pictures.';
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return error instanceof Error && error.message ? error.message : PICTURE_UPLOAD_FAILED;
}

/**
 * One picture at a time for a post (its cover, or one to put in the text): the same upload as an
 * avatar's (pwa/lib/image-upload.ts: checked by its bytes on the server, 5 MB at most). What is
 * kept is the path, not the absolute address, so a post never names the host it was written on.
 * Uppy is fetched with the first picture: the desk shows without it.
 */
export function usePictureUpload(name: string): PictureUpload {
  const uppy = useRef<Uppy<Meta, Body> | null>(null);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      uppy.current?.destroy();
      uppy.current = null;
    };
  }, [name]);

  const upload = async (file: File): Promise<string | null> => {
    if (uploading) return null;
    setError(null);
    setUploading(true);
    setProgress(0);
    let lib: typeof import('#pwa/lib/image-upload');
    try {
      lib = await import('#pwa/lib/image-upload');
    } catch (err) {
      setUploading(false);
      setError(failureOf(new NetworkError('image-upload', { cause: err })));
      return null;
    }
    if (!mounted.current) return null;
    if (!uppy.current) {
      uppy.current = lib.createImageUppy(name, 'Please sign in again to upload pictures.');
      uppy.current.on('upload-progress', (_file, p) => setProgress(p.bytesTotal ? Math.round((100 * p.bytesUploaded) / p.bytesTotal) : 0));
    }
    const instance = uppy.current;
    instance.cancelAll();
    let fileId: string;
    try {
      fileId = instance.addFile({ name: file.name, type: file.type, data: file, source: 'Local', isRemote: false });
    } catch (err) {
      // Not an image, or over 5 MB: Uppy's own words.
      setError(err instanceof Error ? err.message : PICTURE_UPLOAD_FAILED);
      setUploading(false);
      return null;
    }
    try {
      const endpoint = await lib.getUploadTicket();
      instance.setFileState(fileId, { xhrUpload: { endpoint } });
      const result = await instance.upload();
      const done = result?.successful?.find((f) => f.id === fileId);
      if (!done) {
        setError(instance.getFile(fileId)?.error || PICTURE_UPLOAD_FAILED);
        return null;
      }
      return new URL(lib.parseStoredObject(done.response?.body).objectURL, location.href).pathname;
    } catch (err) {
      setError(failureOf(err));
      return null;
    } finally {
      instance.cancelAll();
      setUploading(false);
    }
  };

  return { uploading, progress, error, upload };
}
