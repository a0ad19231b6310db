import { useId } from 'react';
import { categories, type Category } from '#contract/common';
import { categoryLabel } from '#pwa/lib/format';

/** The desk's "Category" select (posts and videos), with its message tied to it for screen readers. */
export function CategoryField({ value, onChange, error }: { value: Category; onChange: (category: Category) => void; error: string | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Category
      </label>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value as Category)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {categories.map((category) => (
          <option key={category} value={category}>
            {categoryLabel(category)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
