import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A disclosure: a button that shows and hides a panel beside it (the account menu, the reading
 * settings). Closes on Escape (focus back on the button), a click outside it, and navigation.
 * Spread `containerProps` on the element around both, `buttonProps` on the button.
 */
export function useDisclosure() {
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

  return {
    open,
    setOpen,
    panelId,
    containerProps: {
      ref: container,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      },
    },
    buttonProps: { ref: button, 'aria-expanded': open, 'aria-controls': panelId, onClick: () => setOpen((o) => !o) },
  };
}
