import type { Note } from '#pwa/features/notes/note';
import { notePath, noteTitle } from '#pwa/features/notes/note';
import { newestFirst } from '#pwa/lib/order';
import { downloadFile } from '#pwa/lib/download-file';

/** A title as a Markdown heading's text: no line breaks, and its Markdown characters kept literal. */
const headingText = (title: string) => title.replace(/\s+/g, ' ').replace(/([\\`*_[\]#<>])/g, '\\$1');

/**
 * Every note as one Markdown document, newest first: each under its title, with the link to its
 * page and the day it was last changed. The note's own text goes in as written (it is the
 * reader's, often Markdown-ish already).
 */
export function notesToMarkdown(notes: readonly Note[], siteOrigin: string, exportedAt: Date = new Date()): string {
  const sorted = [...notes].sort((a, b) => newestFirst(a.updatedAt, b.updatedAt));
  const parts = [`# My Notes`, '', `Exported from context is key on ${exportedAt.toISOString().slice(0, 10)}: ${sorted.length} ${sorted.length === 1 ? 'note' : 'notes'}.`];
  for (const note of sorted) {
    parts.push('', `## ${headingText(noteTitle(note))}`, '', `<${siteOrigin}${notePath(note)}> · ${note.updatedAt.slice(0, 10)}`, '', note.text.trim());
  }
  return `${parts.join('\n')}\n`;
}

/** The export's file name, by day: context-is-key-notes-2026-11-24.md */
export const exportFileName = (exportedAt: Date = new Date()) => `context-is-key-notes-${exportedAt.toISOString().slice(0, 10)}.md`;

export type ExportOutcome = 'downloaded' | 'shared' | 'cancelled' | 'failed';

/** The browser's pieces an export uses: the real ones in the app, stand-ins in tests. */
export interface ExportPlatform {
  /** An installed app on iOS (navigator.standalone): its web view saves no downloads. */
  standaloneIos: boolean;
  canShareFiles: (files: File[]) => boolean;
  share: (data: ShareData) => Promise<void>;
  download: (file: File) => void;
}

function browserPlatform(): ExportPlatform {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    standaloneIos: nav.standalone === true,
    canShareFiles: (files) => typeof nav.canShare === 'function' && nav.canShare({ files }),
    share: (data) => nav.share(data),
    download: downloadFile,
  };
}

/**
 * Saves the Markdown as a file: a download where the browser saves downloads, the share sheet
 * with the file where it does not (an app on an iPhone's home screen), so it can go to Files,
 * Notes or mail.
 */
export async function exportMarkdown(markdown: string, fileName: string, platform: ExportPlatform = browserPlatform()): Promise<ExportOutcome> {
  const file = new File([markdown], fileName, { type: 'text/markdown' });
  if (platform.standaloneIos && platform.canShareFiles([file])) {
    try {
      await platform.share({ files: [file], title: 'My Notes' });
      return 'shared';
    } catch (err) {
      return err instanceof DOMException && err.name === 'AbortError' ? 'cancelled' : 'failed';
    }
  }
  try {
    platform.download(file);
    return 'downloaded';
  } catch {
    return 'failed';
  }
}
