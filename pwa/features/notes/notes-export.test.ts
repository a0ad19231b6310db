import type { Note } from '#pwa/features/notes/note';
import { exportFileName, exportMarkdown, notesToMarkdown, type ExportPlatform } from './notes-export';

const note = (over: Partial<Note>): Note => ({ id: 'note-video-1', contentType: 'video', contentId: 1, text: 'text', updatedAt: '2026-11-20T10:00:00.000Z', ...over });

describe('notesToMarkdown', () => {
  test('every note under its title with its link and day, newest first', () => {
    const md = notesToMarkdown(
      [
        note({ id: 'note-video-1', title: 'How to Read the Bible in Context', text: 'Genre first.\nThen the flow.', updatedAt: '2026-11-20T10:00:00.000Z' }),
        note({ id: 'note-blog-4', contentType: 'blog', contentId: 4, title: 'The Minimal Facts', text: '1 Cor 15:3-8', updatedAt: '2026-11-22T08:00:00.000Z' }),
      ],
      'https://site.example',
      new Date('2026-11-24T12:00:00Z'),
    );
    expect(md).toBe(
      [
        '# My Notes',
        '',
        'Exported from context is key on 2026-11-24: 2 notes.',
        '',
        '## The Minimal Facts',
        '',
        '<https://site.example/blog/4> · 2026-11-22',
        '',
        '1 Cor 15:3-8',
        '',
        '## How to Read the Bible in Context',
        '',
        '<https://site.example/watch/1> · 2026-11-20',
        '',
        'Genre first.\nThen the flow.',
        '',
      ].join('\n'),
    );
  });

  test("a title's Markdown stays text and keeps to its line; a note saved without a title is named by what it is about", () => {
    const md = notesToMarkdown([note({ title: '# Not *a* heading\n[x](y)' }), note({ id: 'note-blog-9', contentType: 'blog', contentId: 9, updatedAt: '2026-11-19T00:00:00.000Z' })], 'https://s');
    expect(md).toContain('## \\# Not \\*a\\* heading \\[x\\](y)\n');
    expect(md).toContain('## Article 9\n');
  });

  test('the file is named by the day', () => {
    expect(exportFileName(new Date('2026-11-24T23:00:00Z'))).toBe('context-is-key-notes-2026-11-24.md');
  });
});

describe('exportMarkdown', () => {
  const platform = (over: Partial<ExportPlatform>): ExportPlatform & { downloaded: File[]; shared: ShareData[] } => {
    const downloaded: File[] = [];
    const shared: ShareData[] = [];
    return { standaloneIos: false, canShareFiles: () => true, share: async (d) => void shared.push(d), download: (f) => void downloaded.push(f), downloaded, shared, ...over };
  };

  test('a browser that saves downloads gets the file as a Markdown download', async () => {
    const p = platform({});
    expect(await exportMarkdown('# My Notes\n', 'notes.md', p)).toBe('downloaded');
    expect(p.downloaded).toHaveLength(1);
    expect(p.downloaded[0]!.name).toBe('notes.md');
    expect(p.downloaded[0]!.type).toBe('text/markdown');
    expect(await p.downloaded[0]!.text()).toBe('# My Notes\n');
    expect(p.shared).toHaveLength(0);
  });

  test('an app on an iPhone home screen (no downloads) opens the share sheet with the file', async () => {
    const p = platform({ standaloneIos: true });
    expect(await exportMarkdown('# My Notes\n', 'notes.md', p)).toBe('shared');
    expect((p.shared[0]!.files as File[])[0]!.name).toBe('notes.md');
    expect(p.downloaded).toHaveLength(0);
    const closed = platform({ standaloneIos: true, share: async () => Promise.reject(new DOMException('closed', 'AbortError')) });
    expect(await exportMarkdown('x', 'notes.md', closed)).toBe('cancelled');
  });

  test('a download that cannot start says so', async () => {
    expect(
      await exportMarkdown('x', 'n.md', platform({ download: () => {
        throw new Error('blocked');
      } })),
    ).toBe('failed');
  });
});
