import { onlineManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { onTestFinished } from 'vitest';

/**
 * Sets what `navigator.onLine` says and fires the browser's 'online' / 'offline' event, as a
 * phone losing or finding its signal does (the header badge, `useOnlineStatus` and TanStack
 * Query's reconnect refetch all follow it). The test's end puts the browser back online.
 */
export function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  onTestFinished(restoreOnline);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function restoreOnline(): void {
  // happy-dom's own getter is on the prototype: removing ours brings it back.
  if (Object.getOwnPropertyDescriptor(navigator, 'onLine')) delete (navigator as { onLine?: boolean }).onLine;
  onlineManager.setOnline(true);
}
