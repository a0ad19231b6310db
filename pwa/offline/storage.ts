/**
 * Storage the browser may evict under pressure unless the site asks to keep it. Notes and
 * queued writes live only on this device, so ask once the user has something to lose: after
 * signing in or writing a first note. Chrome decides without a prompt; Firefox may ask.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  try {
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}

export interface StorageInfo {
  usedBytes: number | null;
  quotaBytes: number | null;
  persisted: boolean;
}

export async function getStorageInfo(): Promise<StorageInfo> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return { usedBytes: null, quotaBytes: null, persisted: false };
  const [estimate, persisted] = await Promise.all([
    navigator.storage.estimate().catch(() => ({}) as StorageEstimate),
    navigator.storage.persisted?.().catch(() => false) ?? Promise.resolve(false),
  ]);
  return { usedBytes: estimate.usage ?? null, quotaBytes: estimate.quota ?? null, persisted };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
}
