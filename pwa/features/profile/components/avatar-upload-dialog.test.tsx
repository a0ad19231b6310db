import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '#pwa/test/fetch';
import { aUser, renderApp, storeUser } from '#pwa/test/render';
import { isRetryableStatus } from '#pwa/lib/image-upload';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function openDialog() {
  storeUser(aUser());
  const requests = mockFetch((request) => (request.path === '/api/auth/me' || request.path === '/api/users/7' ? json(200, aUser()) : json(404, { message: 'Not found' })));
  // The file input accepts image/*; the user may still pick anything (or drop it), so let every file through.
  const user = userEvent.setup({ applyAccept: false });
  renderApp('/profile');
  const main = within(screen.getByRole('main'));
  await user.click(await main.findByRole('button', { name: 'Add Information' }));
  await user.click(main.getByRole('button', { name: 'Upload Avatar' }));
  const dialog = (await screen.findByRole('heading', { name: 'Upload Avatar', hidden: true })).closest('dialog')!;
  await waitFor(() => expect(dialog.open).toBe(true));
  return { user, dialog: within(dialog), element: dialog, requests };
}

describe('the Upload Avatar dialog', () => {
  test('a chosen image waits for Upload: preview, name, size, and Upload / Cancel; nothing is sent yet', async () => {
    const { user, dialog, requests } = await openDialog();
    await user.upload(dialog.getByLabelText(/Choose an image/), new File([PNG], 'me.png', { type: 'image/png' }));
    expect(dialog.getByText('me.png')).toBeTruthy();
    expect(dialog.getByText('8 B')).toBeTruthy();
    expect(dialog.getByText('Ready to upload')).toBeTruthy();
    expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Upload' })).toBeTruthy();
    expect(requests.filter((r) => r.path.startsWith('/api/objects'))).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(dialog.getByText('Choose an image')).toBeTruthy();
  });

  test('a file that is not an image is refused with Uppy’s message', async () => {
    const { user, dialog } = await openDialog();
    await user.upload(dialog.getByLabelText(/Choose an image/), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((await dialog.findByText('You can only upload: image/*')).getAttribute('role')).toBe('alert');
    expect(dialog.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  test('an image over 5 MB is refused with Uppy’s message', async () => {
    const { user, dialog } = await openDialog();
    const big = new File([new Uint8Array(5242881)], 'huge.png', { type: 'image/png' });
    await user.upload(dialog.getByLabelText(/Choose an image/), big);
    expect((await dialog.findByText('huge.png exceeds maximum allowed size of 5 MB')).getAttribute('role')).toBe('alert');
  });

  test('closing the dialog hides it', async () => {
    const { user, dialog, element } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Close upload dialog' }));
    await waitFor(() => expect(element.isConnected).toBe(false));
  });
});

test('docs/product.md#messages-and-errors: the retryable upload statuses', () => {
  for (const status of [0, 408, 409, 418, 423, 429, 500, 502, 503, 504, 599]) expect(isRetryableStatus(status)).toBe(true);
  for (const status of [400, 401, 403, 404, 413, 415, 501, 505]) expect(isRetryableStatus(status)).toBe(false);
});
