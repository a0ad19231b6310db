export { SyncCentre } from './components/sync-centre';
export { SyncIndicator } from './components/sync-indicator';
export { useSyncState } from './use-sync-state';
