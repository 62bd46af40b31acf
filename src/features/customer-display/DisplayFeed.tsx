import { useEffect, useMemo, useRef } from 'react';
import { useCurrentSale } from '@/outbox/projection';
import { useTerminal } from '@/lib/terminal-context';
import { DISPLAY_CHANNEL, readDisplayMessage, type DisplayMessage } from './channel';
import { displayView } from './view';

/** Sends this window's sale, as the customer may see it, to every display; again when a display says hello. */
export function DisplayFeed() {
  const sale = useCurrentSale();
  const terminal = useTerminal();
  const view = useMemo(
    () =>
      displayView(sale, {
        training: terminal.mode === 'training',
        currency: terminal.currency,
        locale: terminal.locale,
      }),
    [sale, terminal.mode, terminal.currency, terminal.locale],
  );
  const channel = useRef<BroadcastChannel | null>(null);
  const latest = useRef(view);

  useEffect(() => {
    const opened = new BroadcastChannel(DISPLAY_CHANNEL);
    channel.current = opened;
    opened.onmessage = (event: MessageEvent) => {
      if (readDisplayMessage(event.data)?.type === 'hello')
        opened.postMessage({ type: 'view', view: latest.current } satisfies DisplayMessage);
    };
    return () => {
      opened.close();
      channel.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = view;
    channel.current?.postMessage({ type: 'view', view } satisfies DisplayMessage);
  }, [view]);
  return null;
}
