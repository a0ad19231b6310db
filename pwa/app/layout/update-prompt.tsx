import { useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { registerServiceWorker, type ServiceWorkerControls } from '#pwa/lib/service-worker';

/** "A new version is available" with a Reload button, shown when a new deploy is waiting. */
export function UpdatePrompt() {
  const [update, setUpdate] = useState<ServiceWorkerControls | null>(null);
  useEffect(() => registerServiceWorker(setUpdate), []);
  if (!update) return null;
  return (
    <div role="status" className="fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <div className="alert max-w-md grid-cols-[auto_minmax(auto,1fr)] border border-primary/30 bg-base-100 shadow-lg">
        <RefreshCw aria-hidden="true" className="size-5 text-primary" />
        <span>A new version of context is key is available.</span>
        <div className="flex gap-2">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setUpdate(null)}>
            Later
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => update.applyUpdate()}>
            Reload
          </button>
        </div>
      </div>
    </div>
  );
}
