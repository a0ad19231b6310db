import { CARD_GRID } from './card-grid';

/** The loading state of a card grid: docs/product.md#limits asks for 6 cards on blog, bookmarks and videos. */
export function CardSkeletons({ count = 6, label = 'Loading…' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className={CARD_GRID}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} data-testid="card-skeleton" className="card border border-base-300 bg-base-100">
          <div className="skeleton aspect-video rounded-b-none" />
          <div className="card-body gap-3 p-4">
            <div className="skeleton h-4 w-24" />
            <div className="skeleton h-5 w-full" />
            <div className="skeleton h-4 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
