import { useState } from 'react';
import { Share2 } from 'lucide-react';
import { useToast } from '#pwa/components/ui/toast';
import { shareLink, type Shared } from '../share-link';

export const LINK_COPIED = 'Link copied';
export const SHARE_FAILED = 'Could not share this page';

/**
 * 'Share' on a post or a video: the device's share sheet, or where there is none, the link
 * copied with a 'Link copied' toast. The same button on the server and in the browser (what the
 * device can do is asked only when pressed), so it needs no hydration care.
 */
export function ShareButton({ title, path, text }: { title: string; path: string; text?: string }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    const shared: Shared = { title, url: new URL(path, window.location.origin).href, text };
    const outcome = await shareLink(shared).finally(() => setBusy(false));
    if (outcome === 'copied') toast({ title: LINK_COPIED, description: shared.url });
    else if (outcome === 'failed') toast({ title: SHARE_FAILED, description: `Copy the address instead: ${shared.url}`, variant: 'destructive' });
  };
  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={() => void share()} disabled={busy}>
      <Share2 aria-hidden="true" className="size-4" />
      Share
    </button>
  );
}
