import { Workbox } from 'workbox-window';

const HOUR = 60 * 60 * 1000;

export interface ServiceWorkerControls {
  /** Activates the waiting version; the page reloads once it controls it. */
  applyUpdate: () => void;
}

/**
 * Registers the service worker (production builds only) and reports a new version waiting to
 * take over. It never takes over by itself: the user chooses when to reload (a form half
 * filled in must not vanish). Looks for a new version every hour and whenever the app comes
 * back to the foreground, since an installed app may stay open for days.
 */
let registered = false;

export function registerServiceWorker(onUpdateReady: (controls: ServiceWorkerControls) => void): void {
  if (registered || import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  registered = true;
  const wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });

  const announce = () =>
    onUpdateReady({
      applyUpdate: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  wb.addEventListener('waiting', announce);

  void wb
    .register()
    .then((registration) => {
      if (!registration) return;
      const check = () => void registration.update().catch(() => undefined);
      setInterval(check, HOUR);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    .catch((err: unknown) => console.warn('[sw] registration failed', err));
}

