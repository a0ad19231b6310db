import { useState } from 'react';
import { CloudDownload } from 'lucide-react';
import type { Category } from '#contract/common';
import { useToast } from '#pwa/components/ui/toast';
import { categoryLabel } from '#pwa/lib/format';
import type { SaveAllProgress } from '../api/save-all';

export const SAVE_ALL_LABEL = 'Save all for offline';

const posts = (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`;

/**
 * 'Save all for offline' on /blog: every post of the chosen category (all posts when none is
 * chosen), whole, on this device. Shows its progress, then a toast; failures say so. The saving
 * code loads when pressed.
 */
export function SaveAllButton({ category }: { category: Category | 'all' }) {
  const [progress, setProgress] = useState<SaveAllProgress | null>(null);
  const { toast } = useToast();
  const what = category === 'all' ? 'all posts' : `every ${categoryLabel(category)} post`;

  const saveAll = async () => {
    setProgress({ done: 0, total: 0 });
    try {
      const { saveAllPosts } = await import('../api/save-all');
      const result = await saveAllPosts(category, setProgress);
      if (result.failed === 0) {
        toast({ title: 'Saved for offline', description: result.total === 0 ? 'There are no posts to save here.' : `${posts(result.saved)} on this device, readable without a connection.` });
      } else {
        toast({ title: 'Some posts were not saved', description: `${posts(result.saved)} of ${result.total} saved; ${posts(result.failed)} could not be loaded. Please try again.`, variant: 'destructive' });
      }
    } catch {
      toast({ title: 'Could not save for offline', description: 'The posts could not be loaded. Check your connection and try again.', variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="mb-4 flex min-h-8 flex-wrap items-center gap-3">
      <button type="button" className="btn btn-sm btn-outline" disabled={progress !== null} onClick={() => void saveAll()} title={`Save ${what} on this device`}>
        {progress ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <CloudDownload aria-hidden="true" className="size-4" />}
        {SAVE_ALL_LABEL}
      </button>
      {progress ? (
        <span role="status" className="text-sm text-base-content/75">
          {progress.total === 0 ? 'Finding posts…' : `Saving ${progress.done} of ${progress.total}…`}
        </span>
      ) : null}
      {progress && progress.total > 0 ? <progress className="progress progress-primary w-32" value={progress.done} max={progress.total} aria-label="Saving posts" /> : null}
    </div>
  );
}
