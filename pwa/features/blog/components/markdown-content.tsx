import { lazy, Suspense } from 'react';
import './blog-prose.css';

// The Markdown renderer and sanitiser (~25 kB gz) load with the first article shown, not with
// every page of the app; from the service worker's cache that takes a few milliseconds.
const MarkdownHtml = lazy(() => import('./markdown-html'));

/** Markdown shown as readable article prose, sanitised (see renderMarkdown): for posts and the editor's preview. */
export function MarkdownContent({ markdown, className = '' }: { markdown: string; className?: string }) {
  return (
    <Suspense
      fallback={
        <div className={`blog-prose ${className}`} aria-busy="true">
          <div className="skeleton mb-3 h-4 w-full" />
          <div className="skeleton mb-3 h-4 w-11/12" />
          <div className="skeleton h-4 w-4/5" />
        </div>
      }
    >
      <MarkdownHtml markdown={markdown} className={`blog-prose ${className}`} />
    </Suspense>
  );
}
