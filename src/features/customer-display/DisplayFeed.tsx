import { useEffect, useMemo, useRef } from 'react';
import { useCurrentSale } from '@/outbox/projection';
import { useTerminal } from '@/lib/terminal-context';
import { DISPLAY_CHANNEL, readDisplayMessage, type DisplayMessage } from './channel';
import { displayView } from './view';
import { tabId } from '@/outbox/tab';

/** Sends this window's sale, as the customer may see it, to the displays; again when a display following it says hello. */
export function DisplayFeed() {
  const tab = tabId();
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
      const message = readDisplayMessage(event.data);
      if (message?.type === 'hello' && (message.tab ?? tab) === tab)
        opened.postMessage({ type: 'view', tab, view: latest.current } satisfies DisplayMessage);
    };
    return () => {
      opened.close();
      channel.current = null;
    };
  }, [tab]);

  useEffect(() => {
    latest.current = view;
    channel.current?.postMessage({ type: 'view', tab, view } satisfies DisplayMessage);
  }, [tab, view]);
  return null;
}
