import { useMemo } from 'react';
import { renderMarkdown } from './markdown';

/** The rendered article body (marked + DOMPurify); its own chunk, loaded when a post is shown. */
export default function MarkdownHtml({ markdown, className }: { markdown: string; className: string }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  // Safe: renderMarkdown's output has been through DOMPurify.
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
