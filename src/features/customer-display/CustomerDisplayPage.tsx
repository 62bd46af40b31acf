import { useEffect, useState } from 'react';
import { DISPLAY_CHANNEL, readDisplayMessage, type DisplayMessage } from './channel';
import type { DisplayView } from './view';
import { loadCatalog } from '@/lib/i18n/translate';
import { CustomerDisplayView } from './CustomerDisplayView';

/**
 * The customer display window (`/#/customer-display`): it asks the terminal for the sale and follows
 * it over the BroadcastChannel. It reads nothing else: no outbox, no settings, no server.
 */
export function CustomerDisplayPage() {
  const [view, setView] = useState<DisplayView | null>(null);
  const [, setCatalogs] = useState(0);
  useEffect(() => {
    document.title = 'Customer display';
    const channel = new BroadcastChannel(DISPLAY_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      const message = readDisplayMessage(event.data);
      if (message?.type === 'view') setView(message.view);
    };
    channel.postMessage({ type: 'hello' } satisfies DisplayMessage);
    return () => channel.close();
  }, []);
  const locale = view?.locale ?? 'en';
  useEffect(() => {
    document.documentElement.lang = locale.slice(0, 2);
    void loadCatalog(locale).then(() => setCatalogs((n) => n + 1));
  }, [locale]);
  return (
    <main className="customer-display-page">
      <h1 className="visually-hidden">Customer display</h1>
      <CustomerDisplayView view={view} />
    </main>
  );
}
