import type { RenderPreview } from './post-form';

/** What a section of the desk is given: the signed-in editor, and how the route previews a post (as its page shows it). */
export interface DeskSectionProps {
  userId: number;
  renderPreview: RenderPreview;
}
