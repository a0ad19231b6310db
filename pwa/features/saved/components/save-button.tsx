import { useState } from 'react';
import { CloudDownload, CloudCheck } from 'lucide-react';
import { useToast } from '#pwa/components/ui/toast';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { keyOf, removeFromDevice, saveForOffline, useIsSaved, type Saveable } from '../api/saved-items';

export const SAVE_LABEL = 'Save for offline';
export const SAVED_LABEL = 'Saved for offline';
export const VIDEO_NEEDS_CONNECTION = 'The video itself needs a connection; its details and your notes are saved on this device.';

/**
 * 'Save for offline' on a post's or a video's page: keeps it on this device (signed in or not);
 * once saved it reads 'Saved for offline', and pressing it again removes it. On a watch page, when
 * the video is saved or the device is offline, says that playing it still needs a connection.
 */
export function SaveButton(content: Saveable) {
  const id = content.kind === 'post' ? content.post.id : content.video.id;
  const saved = useIsSaved(content.kind, id);
  const online = useOnlineStatus();
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();

  const toggle = async () => {
    setBusy(true);
    try {
      if (saved) await removeFromDevice(keyOf(content));
      else await saveForOffline(content);
    } catch {
      toast({
        title: saved ? 'Could not remove it' : 'Could not save for offline',
        description: saved ? 'It is still saved on this device. Please try again.' : 'This device has no room for it, or its storage is blocked.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={`btn btn-sm ${saved ? 'btn-success btn-soft' : 'btn-outline'}`}
        aria-pressed={saved === true}
        disabled={saved === undefined || busy}
        onClick={() => void toggle()}
      >
        {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : saved ? <CloudCheck aria-hidden="true" className="size-4" /> : <CloudDownload aria-hidden="true" className="size-4" />}
        {saved ? SAVED_LABEL : SAVE_LABEL}
      </button>
      {content.kind === 'video' && (saved || !online) ? <p className="basis-full text-sm text-base-content/75">{VIDEO_NEEDS_CONNECTION}</p> : null}
    </>
  );
}
