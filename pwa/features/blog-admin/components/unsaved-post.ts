// What an editor typed in the post form, kept on this device as they type (localStorage: it is
// written at once and survives a reload, a closed tab or a dropped connection), until the post is
// saved. One entry for a new article and one for each post being edited.

export interface UnsavedPost<V> {
  values: V;
  /** When it was typed (ms since the epoch). */
  at: number;
}

const keyOf = (postId: number | null) => `cik.desk.post.${postId ?? 'new'}`;

export function readUnsaved<V>(postId: number | null): UnsavedPost<V> | null {
  try {
    const raw = localStorage.getItem(keyOf(postId));
    return raw ? (JSON.parse(raw) as UnsavedPost<V>) : null;
  } catch {
    return null;
  }
}

export function writeUnsaved<V>(postId: number | null, values: V): void {
  try {
    localStorage.setItem(keyOf(postId), JSON.stringify({ values, at: Date.now() }));
  } catch {
    // Storage full or blocked: the form still works, only without this safety net.
  }
}

export function forgetUnsaved(postId: number | null): void {
  try {
    localStorage.removeItem(keyOf(postId));
  } catch {
    // nothing kept, nothing to forget
  }
}
