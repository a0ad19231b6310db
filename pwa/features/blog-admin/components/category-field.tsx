import { categories, type Category } from '#contract/common';
import { SelectField } from '#pwa/components/ui/text-field';
import { categoryLabel } from '#pwa/lib/format';

/** The desk's "Category" select (posts and videos), with its message tied to it for screen readers. */
export function CategoryField({ value, onChange, error }: { value: Category; onChange: (category: Category) => void; error: string | undefined }) {
  return (
    <SelectField label="Category" value={value} onChange={(e) => onChange(e.target.value as Category)} error={error}>
      {categories.map((category) => (
        <option key={category} value={category}>
          {categoryLabel(category)}
        </option>
      ))}
    </SelectField>
  );
}
