import { useState } from 'react';
import { History } from 'lucide-react';
import type { PostVersion } from '#contract/posts';
import { useToast } from '#pwa/components/ui/toast';
import { formatDateTime } from '#pwa/lib/format';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { getPostVersion, usePostVersions } from '../api/edit-post';

/**
 * A post's last saves (who, when), each with "Restore": that version fills the form, and saving it
 * makes it the post's next version (nothing is lost: the version it replaces stays in the list).
 */
export function PostHistory({ postId, onRestore }: { postId: number; onRestore: (version: PostVersion) => void }) {
  const [open, setOpen] = useState(false);
  const versions = usePostVersions(open ? postId : null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const online = useOnlineStatus();
  const { toast } = useToast();

  const restore = async (version: number) => {
    setRestoring(version);
    try {
      onRestore(await getPostVersion(postId, version));
      toast({ title: `Version ${version} is in the form`, description: 'Save to make it the post again.' });
    } catch {
      toast({ title: 'Failed to load that version', variant: 'destructive' });
    } finally {
      setRestoring(null);
    }
  };

  return (
    <details className="rounded-box border border-base-300" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary className="flex cursor-pointer items-center gap-2 px-4 py-3 text-sm font-medium">
        <History aria-hidden="true" className="size-4" />
        History
      </summary>
      <div className="border-t border-base-300 px-4 py-3">
        {versions.isPending ? (
          <span className="loading loading-spinner loading-sm" aria-label="Loading the history…" />
        ) : versions.data === undefined ? (
          <p className="text-sm text-error">The history could not be loaded.</p>
        ) : (
          <ol aria-label="Saved versions" className="flex flex-col divide-y divide-base-300">
            {versions.data.map((v) => (
              <li key={v.version} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0">
                  <span className="font-semibold">Version {v.version}</span> · {v.savedBy ? `@${v.savedBy.username}` : 'a former editor'} · {formatDateTime(v.savedAt)}
                  <span className="block truncate text-base-content/70">{v.title}</span>
                </span>
                <button type="button" className="btn btn-ghost btn-xs" aria-label={`Restore version ${v.version}`} disabled={!online || restoring !== null} onClick={() => void restore(v.version)}>
                  {restoring === v.version ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                  Restore
                </button>
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}
