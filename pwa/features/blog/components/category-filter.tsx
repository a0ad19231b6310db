import { categories, type Category } from '#contract/categories';
import { categoryLabel } from '#pwa/lib/format';

/** All plus the six categories, as toggle buttons; the pressed one is the current filter. */
export function CategoryFilter({ value, onChange }: { value: Category | 'all'; onChange: (category: Category | 'all') => void }) {
  const options: (Category | 'all')[] = ['all', ...categories];
  return (
    <div role="group" aria-label="Filter by category" className="mb-8 flex flex-wrap gap-2">
      {options.map((option) => {
        const pressed = option === value;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option)}
            className={`btn btn-sm rounded-full ${pressed ? 'btn-primary' : 'btn-outline border-base-300'}`}
          >
            {option === 'all' ? 'All' : categoryLabel(option)}
          </button>
        );
      })}
    </div>
  );
}
