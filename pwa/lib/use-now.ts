import { useEffect, useState } from 'react';

/** Re-renders every `ms`, so an age on screen ("saved just now", "2 minutes ago") does not stay as it was first drawn. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
