import { useEffect, useId, useRef, useState } from 'react';
import { Type } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { ReadingSettings } from './reading-settings';

/**
 * The header's 'Reading settings' for a signed-out reader on a wide screen (signed in, they are in
 * the account menu; on a phone, in the menu). A disclosure: closes on Escape, a click elsewhere
 * and navigation.
 */
export function ReadingMenu({ className = '' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div
      ref={container}
      className={`relative ${className}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-square btn-sm"
        aria-label="Reading settings"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <Type aria-hidden="true" className="size-5" />
      </button>
      <div id={panelId} hidden={!open} className="absolute right-0 top-full z-50 mt-2 w-72 rounded-box border border-base-300 bg-base-100 p-4 shadow-lg">
        {open ? <ReadingSettings /> : null}
      </div>
    </div>
  );
}
