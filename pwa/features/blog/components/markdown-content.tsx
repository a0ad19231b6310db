import { useEffect, useMemo, useState } from 'react';
import './blog-prose.css';

type Render = (markdown: string) => string;

// The Markdown renderer and sanitiser (marked + DOMPurify, ~25 kB gz) load with the first
// article shown, not with every page. Plain state rather than Suspense: React holds a Suspense
// fallback for at least 300 ms, which would delay an article that is ready in a few.
let renderer: Render | null = null;
let loading: Promise<Render> | null = null;

/** The renderer to use from now on, loaded already: the server's (entry-server.tsx), which has no window. */
export function setMarkdownRenderer(render: Render): void {
  renderer = render;
  loading = Promise.resolve(render);
}

/** Starts loading the renderer (e.g. while the post itself is being fetched). */
export function preloadMarkdown(): Promise<Render> {
  loading ??= import('./markdown').then((m) => (renderer = m.renderMarkdown));
  return loading;
}

/** Markdown shown as readable article prose, sanitised (see renderMarkdown): for posts and the editor's preview. */
export function MarkdownContent({ markdown, className = '' }: { markdown: string; className?: string }) {
  const [render, setRender] = useState<Render | null>(() => renderer);
  useEffect(() => {
    if (render) return;
    let cancelled = false;
    void preloadMarkdown().then((r) => {
      if (!cancelled) setRender(() => r);
    });
    return () => {
      cancelled = true;
    };
  }, [render]);
  const html = useMemo(() => (render ? render(markdown) : null), [render, markdown]);
  if (html === null) {
    return (
      // A screen tall, so what follows the article (comments) does not jump when the text arrives.
      <div className={`blog-prose min-h-[80vh] ${className}`} aria-busy="true">
        <div className="skeleton mb-3 h-4 w-full" />
        <div className="skeleton mb-3 h-4 w-11/12" />
        <div className="skeleton h-4 w-4/5" />
      </div>
    );
  }
  // Safe: renderMarkdown's output has been through DOMPurify.
  return <div className={`blog-prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
