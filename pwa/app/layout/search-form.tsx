import { useId } from 'react';
import { SearchInput } from '#pwa/components/ui/search-input';
import { useSearchForm } from '#pwa/lib/use-search-form';

/** The header's search box: goes to /search?q={text}; blank text (after trimming) does nothing. */
export function SearchForm({ className = '', onSearch }: { className?: string; onSearch?: () => void }) {
  const { text, setText, submit } = useSearchForm(onSearch);
  const id = useId();

  return (
    <form role="search" className={className} onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        Search
      </label>
      <SearchInput id={id} name="q" size="sm" placeholder="Search…" value={text} onValueChange={setText} />
    </form>
  );
}
