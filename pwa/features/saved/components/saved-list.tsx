import { useEffect, useState } from 'react';
import { BookOpen, CloudOff, HardDrive, Trash2, Video as VideoIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useToast } from '#pwa/components/ui/toast';
import { formatDate } from '#pwa/lib/format';
import { savedItemBytes, totalSavedBytes, type SavedItem } from '#pwa/features/saved/api/saved-store';
import { formatBytes, getStorageInfo, type StorageInfo } from '#pwa/offline';
import { removeFromDevice, useAllSaved } from '../api/saved-items';
import { LoadingBlock } from '#pwa/components/ui/loading-block';

export const NO_SAVED = 'Nothing is saved on this device yet. Press ‘Save for offline’ on an article or a video (or ‘Save all for offline’ on the blog) to read it here without a connection.';

const pathOf = (item: SavedItem) => (item.kind === 'post' ? `/blog/${item.contentId}` : `/watch/${item.contentId}`);
const kindLabel = (item: SavedItem) => (item.kind === 'post' ? 'Article' : 'Video');

/** The device's storage: how much is used, how much the browser allows, and whether it may clear it. Read again when `version` changes. */
function useStorageInfo(version: unknown): StorageInfo | undefined {
  const [info, setInfo] = useState<StorageInfo>();
  useEffect(() => {
    let live = true;
    void getStorageInfo().then((next) => live && setInfo(next));
    return () => {
      live = false;
    };
  }, [version]);
  return info;
}

function StorageSummary({ items }: { items: readonly SavedItem[] }) {
  const info = useStorageInfo(items);
  return (
    <section aria-labelledby="saved-storage" className="flex flex-col gap-1 rounded-box border border-base-300 bg-base-200 px-5 py-4 text-sm">
      <h2 id="saved-storage" className="flex items-center gap-2 text-base font-semibold">
        <HardDrive aria-hidden="true" className="size-5" /> Storage on this device
      </h2>
      <p>
        Saved items: {items.length} ({formatBytes(totalSavedBytes(items))}).
        {info && info.usedBytes !== null && info.quotaBytes !== null ? ` The site uses ${formatBytes(info.usedBytes)} of ${formatBytes(info.quotaBytes)} available.` : ' This browser does not tell how much storage is available.'}
      </p>
      {info ? (
        <p>{info.persisted ? 'Storage is persistent: the browser will not clear it to make room.' : 'Storage is not persistent: the browser may clear it when the device runs short of space.'}</p>
      ) : null}
    </section>
  );
}

/** /saved: what this device keeps for offline, newest first, with its size and a way to remove it; the storage used and whether it is kept. */
export function SavedList() {
  const items = useAllSaved();
  const { toast } = useToast();

  if (items === undefined) {
    return <LoadingBlock label="Loading saved items" />;
  }

  const remove = async (item: SavedItem) => {
    try {
      await removeFromDevice(item.key);
      toast({ title: 'Removed from this device', description: `“${item.title}” is no longer saved for offline.` });
    } catch {
      toast({ title: 'Could not remove it', description: 'Please try again.', variant: 'destructive' });
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <StorageSummary items={items} />
      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box bg-base-200 px-6 py-12 text-center">
          <CloudOff aria-hidden="true" className="size-10 opacity-60" />
          <p className="max-w-md">{NO_SAVED}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Saved items">
          {items.map((item) => (
            <li key={item.key} className="flex items-center gap-4 rounded-box border border-base-300 bg-base-100 p-4">
              {item.kind === 'post' ? <BookOpen aria-hidden="true" className="size-5 shrink-0 opacity-70" /> : <VideoIcon aria-hidden="true" className="size-5 shrink-0 opacity-70" />}
              <div className="min-w-0 flex-1">
                <Link to={pathOf(item)} className="link link-hover font-semibold">
                  {item.title}
                </Link>
                <p className="text-sm text-base-content/75">
                  {kindLabel(item)} · {formatBytes(savedItemBytes(item))} · saved {formatDate(item.savedAt)}
                </p>
              </div>
              <button type="button" className="btn btn-ghost btn-sm" aria-label={`Remove “${item.title}” from this device`} onClick={() => void remove(item)}>
                <Trash2 aria-hidden="true" className="size-4" /> <span className="max-sm:hidden">Remove</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
