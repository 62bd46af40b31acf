import { lazy, Suspense, useEffect, useState } from 'react';
import { DISPLAY_CHANNEL } from './channel-names';
import { useDisplayStore } from './display-store';
import type { DisplayMessage } from './channel';
import { tabId } from '@/outbox/tab';

const DisplayFeed = lazy(() => import('./DisplayFeed').then((m) => ({ default: m.DisplayFeed })));

/**
 * Feeds a customer display only once there is one: a display window says hello on the channel (one
 * open before this window started, a reload too, answers its `ask`), or the cashier opened one from
 * here. Until then the terminal carries only this listener.
 */
export function DisplayGate() {
  const opened = useDisplayStore((s) => s.opened);
  const [heard, setHeard] = useState(false);
  useEffect(() => {
    if (heard || opened || typeof BroadcastChannel === 'undefined') return undefined;
    const channel = new BroadcastChannel(DISPLAY_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      // Looked at, not read whole: the channel's schema loads with the feed, not on the first download.
      const message = event.data as { type?: unknown; tab?: unknown } | null;
      if (message?.type === 'hello' && (message.tab === undefined || message.tab === tabId())) setHeard(true);
    };
    channel.postMessage({ type: 'ask', tab: tabId() } satisfies DisplayMessage);
    return () => channel.close();
  }, [heard, opened]);
  if (!heard && !opened) return null;
  return (
    <Suspense fallback={null}>
      <DisplayFeed />
    </Suspense>
  );
}
