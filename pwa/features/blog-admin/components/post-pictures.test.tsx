import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unexpectedFetch } from '#pwa/test/fetch';
import { renderWithProviders } from '#pwa/test/render';
import { validatePostForm, valuesOf } from './post-form';
import { CoverPicture, InsertPicture, pictureMarkdown } from './post-pictures';

const post = { title: 'T', excerpt: null, content: 'Body', category: 'theology', readTime: 5, publishedAt: '2025-02-01T00:00:00.000Z', status: 'published' } as const;

describe('pictures in the text', () => {
  test('Markdown of a picture: its alt stays one alt whatever brackets it holds', () => {
    expect(pictureMarkdown('  A lamp ', '/objects/abc')).toBe('![A lamp](/objects/abc)');
    expect(pictureMarkdown('Psalm [119] \\ lamp', '/objects/abc')).toBe('![Psalm \\[119\\] \\\\ lamp](/objects/abc)');
  });

  test('a file that is not an image, or over 5 MB, is refused in Uppy’s words, and nothing is sent', async () => {
    const log: string[] = [];
    vi.stubGlobal('fetch', unexpectedFetch(log));
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<InsertPicture online onInsert={() => {}} />);
    await user.upload(screen.getByLabelText('Upload a picture'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByText('You can only upload: image/*')).getAttribute('role')).toBe('alert');
    await user.upload(screen.getByLabelText('Upload a picture'), new File([new Uint8Array(5242881)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('huge.png exceeds maximum allowed size of 5 MB')).toBeTruthy();
    expect(log).toEqual([]);
  });

  test('offline: choosing a picture waits for the connection, and says so', () => {
    renderWithProviders(<InsertPicture online={false} onInsert={() => {}} />);
    expect((screen.getByLabelText('Upload a picture') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText("You're offline. Connect to upload pictures.")).toBeTruthy();
  });
});

describe('the cover picture', () => {
  test('shown with its alt text, which is required to save; Remove clears both', async () => {
    const changes: Array<{ url?: string; alt?: string }> = [];
    const user = userEvent.setup();
    renderWithProviders(<CoverPicture url="/objects/abc" alt="" altError={undefined} online onChange={(c) => changes.push(c)} />);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/objects/abc');
    await user.type(screen.getByLabelText('Cover alt text'), 'x');
    expect(changes.at(-1)).toEqual({ alt: 'x' });
    await user.click(screen.getByRole('button', { name: 'Remove cover' }));
    expect(changes.at(-1)).toEqual({ url: '', alt: '' });
  });

  test('the form sends the cover with its alt, refuses a cover without one, and sends none when removed', () => {
    const withCover = { ...valuesOf({ ...post, coverImageUrl: '/objects/abc', coverImageAlt: 'A lamp' }) };
    const sent = validatePostForm(withCover);
    expect('body' in sent && sent.body.body).toMatchObject({ coverImageUrl: '/objects/abc', coverImageAlt: 'A lamp' });

    const noAlt = validatePostForm({ ...withCover, coverImageAlt: '  ' });
    expect('errors' in noAlt && noAlt.errors.coverImageAlt).toMatch(/needs its alt text/);

    const removed = validatePostForm({ ...withCover, coverImageUrl: '', coverImageAlt: '' });
    expect('body' in removed && removed.body.body).toMatchObject({ coverImageUrl: null, coverImageAlt: null });
  });

  test('a cover without alt text added before Import from Substack was ticked does not stop the import (its section is hidden then)', () => {
    const values = { ...valuesOf({ ...post, coverImageUrl: '/objects/abc', coverImageAlt: '' }), isImport: true, substackUrl: 'https://example.substack.com/p/a-post' };
    const result = validatePostForm(values);
    expect('errors' in result ? result.errors : {}).toEqual({});
    expect('body' in result && result.body).toMatchObject({ kind: 'import', body: { substackUrl: 'https://example.substack.com/p/a-post' } });
  });
});
