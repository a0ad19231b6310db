import { useId } from 'react';
import { Search } from 'lucide-react';
import { useSearchForm } from '../../lib/use-search-form';

/** The header's search box: goes to /search?q={text}; blank text (after trimming) does nothing. */
export function SearchForm({ className = '', onSearch }: { className?: string; onSearch?: () => void }) {
  const { text, setText, submit } = useSearchForm(onSearch);
  const id = useId();

  return (
    <form role="search" className={className} onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        Search
      </label>
      <label className="input input-sm w-full">
        <Search aria-hidden="true" className="size-4 opacity-70" />
        <input id={id} type="search" name="q" placeholder="Search…" autoComplete="off" enterKeyHint="search" value={text} onChange={(e) => setText(e.target.value)} />
      </label>
    </form>
  );
}
