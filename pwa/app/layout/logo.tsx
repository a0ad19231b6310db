import { KeyRound } from 'lucide-react';
import { Link } from 'react-router-dom';

/** The brand mark and wordmark, linking home; `wordmarkClassName` can hide the words where the header is tight. */
export function Logo({ wordmarkClassName = '' }: { wordmarkClassName?: string }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-field" aria-label="context is key, home">
      <span className="grid size-9 place-items-center rounded-field bg-brand text-brand-gold shadow-sm" aria-hidden="true">
        <KeyRound className="size-5" strokeWidth={2.4} />
      </span>
      <span className={`font-display text-xl font-bold tracking-tight whitespace-nowrap ${wordmarkClassName}`} aria-hidden="true">
        context is key
      </span>
    </Link>
  );
}
