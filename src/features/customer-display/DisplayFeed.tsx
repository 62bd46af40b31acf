import { useEffect, useMemo, useRef } from 'react';
import { useCurrentSale } from '@/outbox/projection';
import { useTerminal } from '@/lib/terminal-context';
import { DISPLAY_CHANNEL, readDisplayMessage, type DisplayMessage } from './channel';
import { displayView, type DisplayView } from './view';
import { tabId } from '@/outbox/tab';

/**
 * Sends this window's sale, as the customer may see it, to the displays; again when a display
 * following it says hello; the idle view as the window goes.
 */
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

  // The window goes (closed, reloaded, the browser leaving the page): its display shows no customer's
  // data meanwhile, the idle view. Back from the browser's page cache, the sale again.
  useEffect(() => {
    const send = (shown: DisplayView) =>
      channel.current?.postMessage({ type: 'view', tab, view: shown } satisfies DisplayMessage);
    const gone = () => send(displayView(null, latest.current));
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) send(latest.current);
    };
    window.addEventListener('pagehide', gone);
    window.addEventListener('pageshow', back);
    return () => {
      window.removeEventListener('pagehide', gone);
      window.removeEventListener('pageshow', back);
    };
  }, [tab]);

  useEffect(() => {
    latest.current = view;
    channel.current?.postMessage({ type: 'view', tab, view } satisfies DisplayMessage);
  }, [tab, view]);
  return null;
}
