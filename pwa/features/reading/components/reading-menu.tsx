import { Type } from 'lucide-react';
import { useDisclosure } from '#pwa/lib/use-disclosure';
import { ReadingSettings } from './reading-settings-lazy';

/**
 * The header's 'Reading settings' for a signed-out reader on a wide screen (signed in, they are in
 * the account menu; on a phone, in the menu). A disclosure: closes on Escape, a click elsewhere
 * and navigation.
 */
export function ReadingMenu({ className = '' }: { className?: string }) {
  const { open, panelId, containerProps, buttonProps } = useDisclosure();

  return (
    <div {...containerProps} className={`relative ${className}`}>
      <button {...buttonProps} type="button" className="btn btn-ghost btn-square btn-sm" aria-label="Reading settings">
        <Type aria-hidden="true" className="size-5" />
      </button>
      <div id={panelId} hidden={!open} className="absolute right-0 top-full z-50 mt-2 w-72 rounded-box border border-base-300 bg-base-100 p-4 shadow-lg">
        {open ? <ReadingSettings /> : null}
      </div>
    </div>
  );
}
