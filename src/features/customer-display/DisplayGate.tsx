import { lazy, Suspense, useEffect, useState } from 'react';
import { DISPLAY_CHANNEL } from './channel-names';
import { useDisplayStore } from './display-store';

const DisplayFeed = lazy(() => import('./DisplayFeed').then((m) => ({ default: m.DisplayFeed })));

/**
 * Feeds a customer display only once there is one: a display window says hello on the channel, or
 * the cashier opened one from here. Until then the terminal carries only this listener.
 */
export function DisplayGate() {
  const opened = useDisplayStore((s) => s.opened);
  const [heard, setHeard] = useState(false);
  useEffect(() => {
    if (heard || opened || typeof BroadcastChannel === 'undefined') return undefined;
    const channel = new BroadcastChannel(DISPLAY_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === 'hello') setHeard(true);
    };
    return () => channel.close();
  }, [heard, opened]);
  if (!heard && !opened) return null;
  return (
    <Suspense fallback={null}>
      <DisplayFeed />
    </Suspense>
  );
}
