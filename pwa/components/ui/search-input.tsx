import type { InputHTMLAttributes } from 'react';
import { Search } from 'lucide-react';

const SIZES = { sm: 'input-sm', md: '', lg: 'input-lg' } as const;

interface SearchInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'size'> {
  value: string;
  onValueChange: (text: string) => void;
  size?: keyof typeof SIZES;
  /** Classes of the daisyUI `input` box around the icon and the field. */
  boxClassName?: string;
}

/** Every search box of the app: a magnifier and a search field (no autocomplete, a "search" key on phones). */
export function SearchInput({ value, onValueChange, size = 'md', boxClassName = 'w-full', ...field }: SearchInputProps) {
  return (
    <label className={`input ${SIZES[size]} ${boxClassName}`}>
      <Search aria-hidden="true" className={`${size === 'lg' ? 'size-5' : 'size-4'} opacity-70`} />
      <input type="search" autoComplete="off" enterKeyHint="search" {...field} value={value} onChange={(e) => onValueChange(e.target.value)} />
    </label>
  );
}
