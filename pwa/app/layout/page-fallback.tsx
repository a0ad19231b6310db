/** Shown in the page area while a route's code loads (first visit to that route). */
export function PageFallback() {
  return (
    <div className="mx-auto flex max-w-7xl justify-center px-4 py-24" role="status">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
