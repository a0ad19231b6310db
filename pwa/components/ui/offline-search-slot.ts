import type { ReactNode } from 'react';

/** What the device can search with no connection (pwa/app/offline-search.ts). */
export type OfflineDocKind = 'video' | 'article' | 'note';

/** What a search screen shows for a search it cannot make offline, supplied by pwa/app (see app/deferred/offline-search.tsx). */
export type OfflineSearchSlot = (props: { query: string; kinds?: readonly OfflineDocKind[]; onRetry: () => void; retrying: boolean }) => ReactNode;
