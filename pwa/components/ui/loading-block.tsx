/** A screen's or a panel's content on its way: a spinner, announced with `label`. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16" role="status">
      <span className="loading loading-spinner loading-md" aria-label={label} />
    </div>
  );
}
