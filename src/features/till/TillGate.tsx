import { lazy, Suspense, useEffect, useState } from 'react';
import { useActiveSales } from '@/outbox/projection';

/** The till integration itself: its own chunk, loaded only where a till can be talking to this page. */
const TillBridge = lazy(() => import('./TillBridge').then((m) => ({ default: m.TillBridge })));

const URL_REQUEST = /^#\/(pay|status|cancel|reverse|refund)\?/;

/**
 * A till reaches the terminal only as the page that frames it, the window that opened it, a URL
 * request in the hash, or a till's sale still on record. Anywhere else no till can be talking, and
 * the first download carries only this check.
 */
function tillPossible(): boolean {
  return window.parent !== window || window.opener != null || URL_REQUEST.test(window.location.hash);
}

export function TillGate() {
  const [needed, setNeeded] = useState(tillPossible);
  const tillSale = useActiveSales().some((sale) => sale.till);
  useEffect(() => {
    if (needed) return;
    const check = () => setNeeded(tillPossible());
    window.addEventListener('hashchange', check);
    return () => window.removeEventListener('hashchange', check);
  }, [needed]);
  if (!needed && !tillSale) return null;
  return (
    <Suspense fallback={null}>
      <TillBridge />
    </Suspense>
  );
}
