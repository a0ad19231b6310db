import type { ComponentType, ReactNode } from 'react';

/**
 * One group of search results (Videos, Articles, Your notes) under its heading, with an optional
 * count badge; nothing at all when the group is empty. `level` 2 on the search screen, 3 inside
 * 'Offline results'.
 */
export function ResultGroup({
  id,
  icon: Icon,
  title,
  size,
  badge,
  level = 2,
  children,
}: {
  id: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  /** How many results the group holds: 0 renders nothing. */
  size: number;
  badge?: string;
  level?: 2 | 3;
  children: ReactNode;
}) {
  if (size === 0) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <Heading id={id} className={`flex items-center gap-2 font-semibold ${level === 2 ? 'text-2xl' : 'text-xl'}`}>
          <Icon aria-hidden="true" className={`${level === 2 ? 'size-6' : 'size-5'} text-primary`} /> {title}
        </Heading>
        {badge ? <span className="badge badge-ghost">{badge}</span> : null}
      </div>
      {children}
    </section>
  );
}
