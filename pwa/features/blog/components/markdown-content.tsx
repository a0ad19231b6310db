import { useMemo } from 'react';
import { renderMarkdown } from './markdown';
import './blog-prose.css';

/** Markdown shown as readable article prose, sanitised (see renderMarkdown): for posts and the editor's preview. */
export function MarkdownContent({ markdown, className = '' }: { markdown: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  // Safe: renderMarkdown's output has been through DOMPurify.
  return <div className={`blog-prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
