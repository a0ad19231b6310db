import { useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { useNavigate } from 'react-router-dom';

/** The header's search box: goes to /search?q={text}; blank text (after trimming) does nothing. */
export function SearchForm({ className = '', onSearch }: { className?: string; onSearch?: () => void }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(`/search?q=${encodeURIComponent(query)}`);
    onSearch?.();
  };

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
