import { useState } from 'react';

/** 'Jane Doe' → 'JD', 'jane_doe' → 'JA'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/[\s_.-]+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  return (words[0] ?? '?').slice(0, 2).toUpperCase();
}

/** A round avatar image, or the initials when there is no image (or it fails to load). Decorative: label its container. */
export function Avatar({ name, src, className = 'size-9 text-sm' }: { name: string; src?: string | null | undefined; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = !!src && failedSrc !== src;
  return (
    // Spans, not daisyUI's divs, so it can sit inside a button.
    <span className="avatar">
      <span className={`${className} overflow-hidden rounded-full ${showImage ? 'block' : 'flex items-center justify-center bg-primary font-semibold text-primary-content'}`}>
        {showImage ? <img src={src} alt="" className="size-full object-cover" onError={() => setFailedSrc(src)} /> : <span aria-hidden="true">{initialsOf(name)}</span>}
      </span>
    </span>
  );
}
