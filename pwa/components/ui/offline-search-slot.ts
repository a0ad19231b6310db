import type { ReactNode } from 'react';
import type { OfflineDoc } from '#pwa/offline/offline-search';

/** What a search screen shows for a search it cannot make offline, supplied by pwa/app (see app/deferred/offline-search.tsx). */
export type OfflineSearchSlot = (props: { query: string; kinds?: readonly OfflineDoc['kind'][]; onRetry: () => void; retrying: boolean }) => ReactNode;
