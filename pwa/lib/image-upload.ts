// Uploading one image to this site (docs/product.md#input-rules, #avatar-upload): a one-time
// address from POST /api/objects/upload, then the file as the raw body of a PUT to it, which the
// server checks by its bytes (PNG, JPEG, WebP or GIF, at most 5 MB). Avatars and the desk's post
// pictures both go this way.
import Uppy, { type Body, type Meta } from '@uppy/core';
import XHRUpload from '@uppy/xhr-upload';
import { MAX_UPLOAD_BYTES, storedObjectSchema, uploadTicketSchema, type StoredObject } from '#contract/users';
import { apiFetch, serverMessageInText } from './api-client';

/** POST /api/objects/upload: a one-time address on this origin to PUT one image to. */
export const getUploadTicket = (): Promise<string> => apiFetch('/api/objects/upload', { method: 'POST', schema: uploadTicketSchema }).then((t) => t.uploadURL);

/** The upload address's JSON answer, checked against the contract. */
export const parseStoredObject = (body: unknown): StoredObject => storedObjectSchema.parse(body);

/** docs/product.md#messages-and-errors: the statuses worth sending again (network failures, status 0, too). */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || [408, 409, 418, 423, 429].includes(status) || (status >= 500 && status !== 501 && status !== 505);
}

/**
 * An Uppy for one image at a time, at most 5 MB, never started by itself; the file goes as the
 * raw body of a PUT to the address set per file (`xhrUpload.endpoint`). `signInAgain` is what a
 * 401 says (the session ended while the file went).
 */
export function createImageUppy(id: string, signInAgain: string): Uppy<Meta, Body> {
  return new Uppy<Meta, Body>({
    id,
    autoProceed: false,
    restrictions: { maxNumberOfFiles: 1, allowedFileTypes: ['image/*'], maxFileSize: MAX_UPLOAD_BYTES },
  }).use(XHRUpload, {
    // Replaced per file by the one-time address from POST /api/objects/upload.
    endpoint: '/api/objects/upload',
    method: 'PUT',
    formData: false,
    limit: 1,
    shouldRetry: (xhr) => isRetryableStatus(xhr.status),
    // The upload address answers errors as JSON { message }: say that rather than the status text.
    onAfterResponse: (xhr) => {
      if (xhr.status >= 400) throw new Error(xhr.status === 401 ? signInAgain : (serverMessageInText(xhr.responseText) ?? `The upload failed (${xhr.status}).`));
    },
  });
}
