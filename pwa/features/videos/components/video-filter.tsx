import type { Video } from '#contract/content';

export type VideoFilter = 'all' | 'videos' | 'shorts';

interface FilterOption {
  value: VideoFilter;
  label: string;
  /** The words of the product's (docs/product.md) no-match text for this filter: 'No {noun} found matching "…"'. */
  noun: string;
  matches: (video: Video) => boolean;
}

export const FILTER_OPTIONS: readonly FilterOption[] = [
  { value: 'all', label: 'All', noun: 'videos', matches: () => true },
  { value: 'videos', label: 'Videos', noun: 'full-length videos', matches: (video) => !video.isShort },
  { value: 'shorts', label: 'Shorts', noun: 'shorts', matches: (video) => video.isShort },
];

export function filterOption(filter: VideoFilter): FilterOption {
  return FILTER_OPTIONS.find((option) => option.value === filter) ?? FILTER_OPTIONS[0]!;
}

/** `?type=` of the URL: anything but 'videos' or 'shorts' is All. */
export function parseFilter(value: string | null): VideoFilter {
  return value === 'videos' || value === 'shorts' ? value : 'all';
}

/**
 * All / Videos / Shorts as toggle buttons, each with the count of the current results (no count
 * before there are results to count).
 */
export function VideoFilterButtons({ value, onChange, results }: { value: VideoFilter; onChange: (filter: VideoFilter) => void; results: Video[] | undefined }) {
  return (
    <div role="group" aria-label="Filter videos" className="join">
      {FILTER_OPTIONS.map((option) => {
        const selected = option.value === value;
        const count = results?.filter(option.matches).length;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(option.value)}
            className={`btn join-item btn-sm sm:btn-md ${selected ? 'btn-primary' : 'btn-outline border-base-300'}`}
          >
            {option.label}
            {count === undefined ? null : <span className={`badge badge-sm ${selected ? 'badge-neutral' : 'badge-ghost'}`}>{count}</span>}
          </button>
        );
      })}
    </div>
  );
}
