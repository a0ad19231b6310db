// Icons here are the desk's own (PenLine, not the profile's Pencil): an icon a reader's page also uses
// becomes a chunk of its own, one file more in that page's first load (npm run bench -- bundle).
import { PenLine, Star, Trash2 } from 'lucide-react';
import { NewsletterIcon } from './newsletter-labels';

/** What a row of a desk list (a post, a video) can do: Edit, Feature (unless it is the featured one, or a post readers cannot see yet), a post's newsletter, and Delete. */
export interface DeskRowActionsProps {
  /** The item's title: each button names it ("Edit "…""), so a screen reader's list of buttons says which item. */
  title: string;
  online: boolean;
  featured: boolean;
  featuring: boolean;
  deleting: boolean;
  onEdit?: (() => void) | undefined;
  /** Absent for what cannot be featured: a draft or a scheduled post (docs/product.md#blog-management). */
  onFeature?: (() => void) | undefined;
  onDelete: () => void;
  /** A published post's "Send as newsletter" ("Send again" once sent): its words, and what it opens. */
  newsletter?: { label: string; onSend: () => void } | undefined;
}

const spinner = <span className="loading loading-spinner loading-xs" aria-hidden="true" />;

/** The buttons of one row of a desk list; each waits for the connection, and Feature and Delete for one another. */
export function DeskRowActions({ title, online, featured, featuring, deleting, onEdit, onFeature, onDelete, newsletter }: DeskRowActionsProps) {
  return (
    <div className="flex shrink-0 flex-wrap gap-2">
      {onEdit ? (
        <button type="button" className="btn btn-outline btn-sm" aria-label={`Edit "${title}"`} disabled={!online} onClick={onEdit}>
          <PenLine aria-hidden="true" className="size-4" />
          Edit
        </button>
      ) : null}
      {featured || !onFeature ? null : (
        <button type="button" className="btn btn-outline btn-sm" aria-label={`Feature "${title}"`} disabled={featuring || deleting || !online} onClick={onFeature}>
          {featuring ? spinner : <Star aria-hidden="true" className="size-4" />}
          Feature
        </button>
      )}
      {newsletter ? (
        <button type="button" className="btn btn-outline btn-sm" aria-label={`${newsletter.label}: "${title}"`} disabled={deleting || !online} onClick={newsletter.onSend}>
          <NewsletterIcon />
          {newsletter.label}
        </button>
      ) : null}
      <button type="button" className="btn btn-outline btn-error btn-sm" aria-label={`Delete "${title}"`} disabled={deleting || !online} onClick={onDelete}>
        {deleting ? spinner : <Trash2 aria-hidden="true" className="size-4" />}
        Delete
      </button>
    </div>
  );
}

/** The mark of the one featured item in a desk list's row. */
export function FeaturedBadge() {
  return (
    <span className="badge badge-secondary badge-sm gap-1 font-semibold">
      <Star aria-hidden="true" className="size-3" /> Featured
    </span>
  );
}
