import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** The search page for `query` (already trimmed). */
export const searchPath = (query: string) => `/search?q=${encodeURIComponent(query)}`;

/**
 * The rule of the header and home search boxes (docs/product.md#input-rules): a non-blank trimmed query goes to
 * /search?q={query}; blank text does nothing. `onSearch` runs after navigating (e.g. to close a menu).
 */
export function useSearchForm(onSearch?: () => void) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(searchPath(query));
    onSearch?.();
  };
  return { text, setText, submit };
}
