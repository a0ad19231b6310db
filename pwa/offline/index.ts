// The offline engine's surface for pages: what every feature shares to write offline and to
// keep what was seen. Nothing outside pwa/offline imports past this file (lint: project/offline-
// surface); the service worker has its own, ./worker.ts. See docs/decisions/014-the-offline-engine.md.
//
// Two tiers, one surface: what the app's first chunk uses (the registry, the delivery reactions,
// the saved cache's flag) loads no IndexedDB code; the outbox, its hooks and the persisted query
// cache load with Dexie, in the device's store chunk, when a page first needs them. The engine's
// modules have no side effects on import, so a page gets only the tier it uses.

// Declaring a kind of write (beside its feature) and reading queued ones.
export { defineWrite, describeWrite, queuedWrites, registerWrites, setWritesLoader, type WriteDefinition } from './write-registry';
export type { OutboxEntry } from './outbox-entry';

// Queuing and delivering: the hooks a screen uses, and the outbox for the sync centre.
export { deliverNow, useLastSyncAt, useOutboxActions, useOutboxDelivery, useOutboxEntries, useOutboxSubject, useOutboxWrite, useWritesReady } from './use-outbox';
export { outbox } from './outbox';
export { outboxEvents, type OutboxEvent } from './outbox-events';

// A delivered answer into the query cache, wherever the delivery happened.
export { reactToDeliveries } from './delivered';

// The query cache kept on the device.
export { persistQueryCache } from './query-cache';
export { hasSavedQueryCache } from './query-cache-flag';

// The device: its database (whose notes table the notes feature owns) and its storage.
export { appDb, type AppDatabase } from './device-db';
export { formatBytes, getStorageInfo, requestPersistentStorage, type StorageInfo } from './storage';
