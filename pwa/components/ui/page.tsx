import type { ReactNode } from 'react';

/** The standard page column: centred, padded, with an optional heading block. */
export function Page({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-7xl px-4 py-8 sm:py-12 ${className}`}>{children}</div>;
}

export function PageHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {description ? <p className="mt-2 max-w-2xl text-base-content/80">{description}</p> : null}
    </div>
  );
}
