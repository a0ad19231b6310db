/** What a paged list (TanStack Query's infinite query) offers the button below it. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The button under a list that has more behind it ("Show older comments"), with a spinner while
 * the next page loads and a quiet line when it could not be loaded (the button then tries again).
 * Nothing when there is no next page.
 */
export function ShowMore({ list, label, failedText, className = '' }: { list: PagedList; label: string; failedText: string; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className={`flex flex-wrap items-center gap-3 ${className}`}>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
        {label}
      </button>
      {list.isFetchNextPageError ? <p className="text-sm text-base-content/80">{failedText}</p> : null}
    </div>
  );
}
