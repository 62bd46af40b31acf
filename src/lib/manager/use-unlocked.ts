import { useEffect, useState } from 'react';
import { useUnlockedUntil } from './store';

/** Re-renders at `until` (and every second while `tick`), so an unlock ends and a lock counts down on screen. */
export function useNow(until: number, tick: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return undefined;
    const timer = window.setTimeout(() => setNow(Date.now()), tick ? 1000 : until - now + 50);
    return () => window.clearTimeout(timer);
  }, [until, now, tick]);
  return now;
}

/** Whether a manager unlocked this terminal and the unlock has not run out (re-renders when it does). */
export function useManagerUnlocked(): boolean {
  const until = useUnlockedUntil();
  return until > useNow(until, false);
}
