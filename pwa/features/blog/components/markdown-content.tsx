import { useEffect, useId, useMemo, useState } from 'react';
import { isHydratingServerMarkup } from '#pwa/lib/use-hydrated';
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

/** The article HTML a server-rendered page arrived with, for the Markdown it was made from. */
interface ServerHtml {
  markdown: string;
  html: string;
}

/**
 * The HTML the server rendered for this element, while React hydrates it: it was rendered and
 * sanitised there, so the browser neither loads the renderer (marked + DOMPurify) nor parses the
 * article again just to arrive at the same markup (on a phone, that was most of a post's hydration).
 */
function serverHtml(elementId: string, markdown: string): ServerHtml | null {
  if (renderer || !isHydratingServerMarkup()) return null;
  const html = document.getElementById(elementId)?.innerHTML;
  return html === undefined ? null : { markdown, html };
}

/** Markdown shown as readable article prose, sanitised (see renderMarkdown): for posts and the editor's preview. */
export function MarkdownContent({ markdown, className = '' }: { markdown: string; className?: string }) {
  const elementId = useId();
  const [fromServer] = useState(() => serverHtml(elementId, markdown));
  const serverHtmlFits = fromServer !== null && fromServer.markdown === markdown;
  const [render, setRender] = useState<Render | null>(() => renderer);
  useEffect(() => {
    if (render || serverHtmlFits) return;
    let cancelled = false;
    void preloadMarkdown().then((r) => {
      if (!cancelled) setRender(() => r);
    });
    return () => {
      cancelled = true;
    };
  }, [render, serverHtmlFits]);
  const html = useMemo(() => {
    if (serverHtmlFits) return fromServer.html;
    if (render) return render(markdown);
    // The text changed (a newer copy of the post) and the renderer is on its way: the server's stays meanwhile.
    return fromServer?.html ?? null;
  }, [serverHtmlFits, fromServer, render, markdown]);
  if (html === null) {
    return (
      // A screen tall, so what follows the article (comments) does not jump when the text arrives.
      <div className={`blog-prose reading-scaled min-h-[80vh] ${className}`} aria-busy="true">
        <div className="skeleton mb-3 h-4 w-full" />
        <div className="skeleton mb-3 h-4 w-11/12" />
        <div className="skeleton h-4 w-4/5" />
      </div>
    );
  }
  // Safe: renderMarkdown's output has been through DOMPurify (here or, for the server's, there).
  return <div id={elementId} className={`blog-prose reading-scaled ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
