import type { ReactNode } from 'react';
import { BookOpen, Calendar, Clock, Eye, type LucideIcon } from 'lucide-react';
import { formatDate, formatReadTime, formatViews } from '#pwa/lib/format';
import { useFormatting } from '#pwa/lib/use-hydrated';

/** One fact in a content item's meta line: an icon, a word for screen readers when the icon alone says it, the value. */
export function MetaItem({ icon: Icon, label, iconClassName = 'size-4', children }: { icon: LucideIcon; label?: string; iconClassName?: string; children: ReactNode }) {
  return (
    <span className="flex items-center gap-1">
      <Icon aria-hidden="true" className={iconClassName} />
      {label ? <span className="sr-only">{label} </span> : null}
      {children}
    </span>
  );
}

export function ViewsMeta({ views }: { views: number }) {
  const how = useFormatting();
  return <MetaItem icon={Eye}>{formatViews(views, how)}</MetaItem>;
}

export const ReadTimeMeta = ({ minutes, iconClassName }: { minutes: number; iconClassName?: string }) => (
  <MetaItem icon={BookOpen} iconClassName={iconClassName}>
    {formatReadTime(minutes)}
  </MetaItem>
);

export const DurationMeta = ({ duration }: { duration: string }) => (
  <MetaItem icon={Clock} label="Duration">
    {duration}
  </MetaItem>
);

export function PublishedMeta({ iso }: { iso: string }) {
  const how = useFormatting();
  return (
    <MetaItem icon={Calendar} label="Published">
      <time dateTime={iso}>{formatDate(iso, how)}</time>
    </MetaItem>
  );
}

/** A published date as text ("March 4, 2025"), the same on the server and while hydrating, then the reader's. */
export function DateText({ iso }: { iso: string }) {
  const how = useFormatting();
  return <span>{formatDate(iso, how)}</span>;
}

/** The placeholder of a home page feature block (featured video or article) while it loads. */
export function FeaturedSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="card overflow-hidden border border-base-300 bg-base-100">
      <div className="skeleton aspect-video rounded-none" />
      <div className="card-body gap-3 p-6">
        <div className="skeleton h-3 w-28" />
        <div className="skeleton h-7 w-3/4" />
        <div className="skeleton h-16 w-full" />
        <div className="skeleton h-10 w-36" />
      </div>
    </div>
  );
}
